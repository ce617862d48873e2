/// What a thread holding a ring keeps under the registry's lease key; released by
/// the key's destructor when the thread exits, it hands the ring back.
///
/// It refers to the registry weakly: a recorder released before the thread exits
/// leaves the lease pointing at nothing, and then it does nothing.
final class ThreadLease {
    weak var registry: ThreadRegistry?
    var ring: Int?

    init(registry: ThreadRegistry, ring: Int) {
        self.registry = registry
        self.ring = ring
    }

    deinit {
        if let ring { registry?.threadExited(ring: ring) }
    }
}
