/// The verdict of one rule instance, with how many findings it raised.
public struct InstanceResult: Sendable, Hashable {
    public var ruleID: String
    public var slice: SliceKey
    public var verdict: Verdict

    public init(ruleID: String, slice: SliceKey, verdict: Verdict) {
        self.ruleID = ruleID
        self.slice = slice
        self.verdict = verdict
    }
}
