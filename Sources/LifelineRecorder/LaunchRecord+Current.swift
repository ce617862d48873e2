import Foundation
import LifelineCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension LaunchRecord {
    /// The launch record of the running process: a new UUID, the pid, the bundle
    /// identifier (or process name), the app's version (`CFBundleShortVersionString`), platform, OS version, device model, the
    /// life cycle the app declares, the current time and, on the platforms that prewarm apps, whether this process
    /// was prewarmed and the role the kernel gives it (`taskRole`). The recorder adds when the kernel started the process, on its events' clock (`processStart`).
    ///
    /// Call it before the app finishes launching (from its first callback at the latest): iOS
    /// removes the prewarm flag from the environment once launching is over.
    ///
    /// The life cycle is `.scene` when the app's Info.plist has a
    /// `UIApplicationSceneManifest`, `.app` when it has none on an Apple
    /// platform; pass `lifecycle` to say it outright.
    public static func current(lifecycle: Lifecycle? = nil) -> LaunchRecord {
        let process = ProcessInfo.processInfo
        let version = process.operatingSystemVersion
        var os = "\(version.majorVersion).\(version.minorVersion)"
        if version.patchVersion > 0 { os += ".\(version.patchVersion)" }
        return LaunchRecord(
            launch: UUID().uuidString, pid: Int64(process.processIdentifier),
            app: Bundle.main.bundleIdentifier ?? process.processName,
            appVersion: Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String, platform: platformName, os: os,
            device: deviceModel, lifecycle: lifecycle ?? declaredLifecycle,
            started: Timestamp.format(nanosecondsSince1970: Int64(Date().timeIntervalSince1970 * 1_000_000_000)),
            prewarm: Prewarm.current(), taskRole: TaskRole.current())
    }

    private static var platformName: String {
        #if os(iOS)
        return "iOS"
        #elseif os(visionOS)
        return "visionOS"
        #elseif os(tvOS)
        return "tvOS"
        #elseif os(watchOS)
        return "watchOS"
        #elseif os(macOS)
        return "macOS"
        #elseif os(Linux)
        return "Linux"
        #else
        return "unknown"
        #endif
    }

    /// The hardware model (`iPad13,4`); in the iOS Simulator, the simulated model.
    private static var deviceModel: String {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] { return simulated }
        var system = utsname()
        uname(&system)
        return withUnsafeBytes(of: &system.machine) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    private static var declaredLifecycle: Lifecycle? {
        #if canImport(UIKit)
        return Bundle.main.object(forInfoDictionaryKey: "UIApplicationSceneManifest") != nil ? .scene : .app
        #else
        return nil
        #endif
    }
}
