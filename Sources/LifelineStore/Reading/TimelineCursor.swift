/// Where a page of a timeline ends: the seq and id of its last event (events are in seq order,
/// then id order), so the next page starts after it.
package struct TimelineCursor: Equatable, Sendable {
    package var seq: Int64
    package var id: Int64
}
