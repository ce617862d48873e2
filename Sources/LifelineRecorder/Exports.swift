// An app writes one import: the recorder's API speaks in the core's types (`Callback`,
// `LaunchRecord`, `AttributeValue`), so `import LifelineRecorder` brings them too.
@_exported import LifelineCore
