// MARK: - Canonical spelling

extension ScenarioCommand: CustomStringConvertible {
    /// The command as a script spells it, canonically: `launch background fetch connect`, `wait 2m`.
    ///
    /// Parsing the description gives the command back. The simulator seeds its
    /// generators from these spellings, not from the script's text, so comments
    /// and layout do not change a trace.
    package var description: String {
        switch self {
        case .app(let lifecycle): return "app " + (lifecycle == .scene ? "scene" : "legacy")
        case .device(let model): return "device \(model)"
        case .os(let version): return "os \(version)"
        case .launch(.cold): return "launch cold"
        case .launch(.restored): return "launch restored"
        case .launch(.background(let event, let connects)):
            return "launch background \(event.rawValue)" + (connects ? " connect" : "")
        case .launch(.prewarm(let split)): return "launch prewarm" + (split ? " split" : "")
        case .open: return "open"
        case .home: return "home"
        case .interrupt(let nanoseconds): return "interrupt \(Self.spell(nanoseconds))"
        case .wait(let nanoseconds): return "wait \(Self.spell(nanoseconds))"
        case .openWindow(let id): return "open-window \(id)"
        case .hide(let id): return "hide \(id)"
        case .closeWindow(let id): return "close-window \(id)"
        case .memoryPressure: return "memory-pressure"
        case .swipeKill(let kill):
            return
                (["swipe-kill"]
                + [kill.scene, kill.fast ? "fast" : nil, kill.keepsSession ? "keep-session" : nil]
                .compactMap { $0 }).joined(separator: " ")
        case .terminate: return "terminate"
        case .kill: return "kill"
        case .fault(nil): return "fault none"
        case .fault(.blockBackground(let nanoseconds)?): return "fault block-background \(Self.spell(nanoseconds))"
        case .fault(.slowLaunch(let nanoseconds)?): return "fault slow-launch \(Self.spell(nanoseconds))"
        case .fault(let fault?): return "fault \(fault.name)"
        }
    }

    /// `2h`, `30m`, `2s`, `500ms`, `0.25ms`: the largest unit that holds the duration exactly.
    static func spell(_ nanoseconds: UInt64) -> String {
        for (unit, scale) in [("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000)]
        where nanoseconds % UInt64(scale) == 0 && nanoseconds > 0 {
            return "\(nanoseconds / UInt64(scale))\(unit)"
        }
        if nanoseconds == 0 { return "0ms" }
        var text = String(Double(nanoseconds) / 1e6)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + "ms"
    }
}
