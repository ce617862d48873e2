// A tool that reads traces gets the event model with them: `import LifelineFormat` brings
// LifelineCore's types (`EventRecord`, `LaunchRecord`, `Callback`), as it did before the split.
@_exported import LifelineCore
@_exported import LifelineDiagnostics
