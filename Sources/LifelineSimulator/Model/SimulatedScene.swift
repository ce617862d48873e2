/// The simulated `UIWindowScene`: one object per connection, identified by its address.
///
/// A session that disconnects and reconnects gets a new scene object and a new
/// delegate (Apple forum 732170: callbacks after a disconnect name a different
/// `UIWindowScene` address).
final class SimulatedScene {
    /// The object's identity as a trace writes it, `0x10270b110`.
    let identity: String
    let session: SimulatedSceneSession
    let delegate: any SceneDelegate
    var activationState: ActivationState = .unattached

    init(identity: String, session: SimulatedSceneSession, delegate: any SceneDelegate) {
        self.identity = identity
        self.session = session
        self.delegate = delegate
    }
}
