/// What a monitor needs to know about its rule on every step, as plain values.
///
/// ``PatternMonitor/step(_:_:session:scene:rule:out:)`` runs for every event a
/// slice sees. Handing it the ``CompiledRule`` object would cost a retain and a
/// release per step; this struct is trivial (enums and pointers), so passing it
/// costs nothing. The machine tables point into memory the ``CompiledRule`` owns
/// and frees when it goes, and every runtime keeps its rule alive.
struct RuleShape {
    /// One machine transition: its source states (a range of `fromStates`; empty = any) and its target.
    struct Transition {
        var fromStart: Int32
        var fromCount: Int32
        var to: Int32
        /// Whether taking the transition is a finding (it has a severity).
        var flagged: Bool
        /// Whether the transition is legal: no severity and no `reported by` (no rule reports it).
        var legal: Bool
    }

    let kind: CompiledRule.Kind
    let scope: CompiledRule.ScopeKind
    /// Machines: the initial state.
    let initialState: Int32
    /// Machines: the transitions, by role bit.
    let transitions: UnsafeBufferPointer<Transition>
    /// Machines: the source states of all transitions, back to back.
    let fromStates: UnsafeBufferPointer<Int32>
    /// A deliberate bug in the machine step; `nil` except in the differential test's mutation check.
    let fault: MachineStepFault?
    /// A deliberate bug in judging what a partial trace proves; `nil` except in the mutation check.
    let unseenFault: UnseenFault?
    /// Machines: the transitions (by role bit) a callback the current launch does not record may take
    /// unseen; 0 when the launch records every callback the machine names. Set per launch.
    var silent: UInt64 = 0
    /// Patterns: the role masks an event the current launch does not show may have, as a set (bit
    /// `m` for the mask `m` of opener, closer, first, second and third roles); 0 when the launch
    /// records every callback the rule names. Set per launch.
    var unseenMasks: UInt32 = 0
    /// Patterns: the same before the launch's first event, when the trace does not show how the
    /// launch began (any event the rule names may have happened). Set per launch.
    var beginningMasks: UInt32 = 0
    /// Machines: the legal transitions (by role bit) any event may have taken unseen before the
    /// launch's first event, when the trace does not show how the launch began. Set per launch.
    var beginningSilent: UInt64 = 0

    var isTimed: Bool {
        switch kind {
        case .boundedResponse, .boundedInvariance, .maximumDuration, .minimumDuration: return true
        default: return false
        }
    }

    /// Whether the machine may take transition `index` from `state`.
    @inline(__always)
    func allows(_ index: Int, from state: Int32) -> Bool {
        let transition = transitions[index]
        if transition.fromCount == 0 { return fault != .ignoresAnyState }
        let start = Int(transition.fromStart)
        for offset in start..<start + Int(transition.fromCount) where fromStates[offset] == state { return true }
        return false
    }
}
