/// What has become of a scene session across the processes of one simulation.
enum SessionFate {
    /// The session exists and can (re)connect, connected now or not.
    case alive
    /// The user closed it while the app was not running to hear of it; the next
    /// launch reports it in `application(_:didDiscardSceneSessions:)`.
    case discardPending
    /// Reported discarded; it never returns (research E9).
    case discarded
}
