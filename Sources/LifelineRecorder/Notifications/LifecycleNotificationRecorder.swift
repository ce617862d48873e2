import Foundation
import LifelineCore

/// Records lifecycle notifications as events, so an app can trace its life
/// cycle without instrumenting every delegate method.
///
/// Observers run synchronously on the posting thread, so the events keep
/// their order relative to anything the delegates record themselves. Each
/// event carries `attrs.via = "notification"`: a notification is posted
/// around the delegate call, not inside it, and readers may want to tell the
/// two apart. On UIKit, ``uiKit(recorder:lifecycle:center:)`` sets up the
/// UIScene and UIApplication notifications; elsewhere (and in tests) pass the
/// mappings and how to identify the notification's object yourself.
///
/// ```swift
/// let observer = LifecycleNotificationRecorder.uiKit(recorder: recorder, lifecycle: .scene)
/// ```
public final class LifecycleNotificationRecorder: Sendable {
    /// Which callback a notification stands for.
    public struct Mapping: Sendable {
        public var notification: Notification.Name
        public var callback: Callback

        public init(_ notification: Notification.Name, _ callback: Callback) {
            self.notification = notification
            self.callback = callback
        }
    }

    /// The session and scene a notification's object denotes (both `nil` for the application).
    public typealias Identify = @Sendable (Any?) -> (session: String?, scene: String?)

    private let center: NotificationCenter
    private let tokens: [ObserverToken]

    /// Starts observing `mappings` on `center`; observation ends when this object is released.
    public init(
        recorder: any LifecycleRecording, mappings: [Mapping], center: NotificationCenter = .default,
        identify: @escaping Identify = { _ in (nil, nil) }
    ) {
        self.center = center
        self.tokens = mappings.map { mapping in
            let callback = mapping.callback
            return ObserverToken(
                center.addObserver(forName: mapping.notification, object: nil, queue: nil) { note in
                    let identity: (session: String?, scene: String?) = callback.scope == .scene ? identify(note.object) : (nil, nil)
                    recorder.record(
                        callback, session: identity.session, scene: identity.scene,
                        attrs: ["via": "notification"])
                })
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token.value) }
    }

    /// The identity recorded for a scene object: its address, as `0x600001`.
    public static func identity(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
    }
}

/// An observer token; NotificationCenter's tokens are immutable once returned.
struct ObserverToken: @unchecked Sendable {
    let value: NSObjectProtocol
    init(_ value: NSObjectProtocol) { self.value = value }
}
