import ArgumentParser
import LifelineFormat
import LifelineTerminal

/// `--records CALLBACK,...` of `import`, `check` and `watch` as a set (nil when not given); a list
/// that does not parse is printed, located, and exits 2.
func declaredRecords(_ records: String?) throws -> CallbackSet? {
    guard let records else { return nil }
    do throws(CallbackListError) {
        return try CallbackList.parse(records)
    } catch {
        printError(error.description)
        throw ExitCode(2)
    }
}
