import LifelineFormat

/// Interns event names as small integers: catalog callbacks by raw value, app events after them.
struct SymbolTable {
    private(set) var names: [String] = Callback.allCases.map(\.name)
    private var byName: [String: Int32] = [:]

    init() {
        for callback in Callback.allCases { byName[callback.name] = Int32(callback.rawValue) }
        // The recorder's marks a launch anatomy reads come next, so their symbols are known.
        _ = intern(EventName.firstFrame.name)
        _ = intern(EventName.fullyDisplayed.name)
        _ = intern(EventName.scenePhase.name)
    }

    /// The symbol of `lifeline.firstFrame`.
    static let firstFrame = Int32(Callback.allCases.count)
    /// The symbol of `lifeline.fullyDisplayed`.
    static let fullyDisplayed = Int32(Callback.allCases.count + 1)
    /// The symbol of `swiftui.scenePhase`.
    static let scenePhase = Int32(Callback.allCases.count + 2)

    mutating func intern(_ name: EventName) -> Int32 {
        if let callback = name.callback { return Int32(callback.rawValue) }
        return intern(name.name)
    }

    mutating func intern(_ name: String) -> Int32 {
        if let symbol = byName[name] { return symbol }
        let symbol = Int32(names.count)
        names.append(name)
        byName[name] = symbol
        return symbol
    }

    func lookup(_ name: String) -> Int32? { byName[name] }

    subscript(symbol: Int32) -> String { names[Int(symbol)] }
}
