/// Where in a callback an event was recorded.
///
/// A callback recorded as a `begin`/`end` pair has a duration; an `instant`
/// event marks a point in time.
public enum Phase: String, CaseIterable, Sendable, Hashable {
    case begin
    case end
    case instant
}
