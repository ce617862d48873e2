// A SwiftUI app writes one import: `import LifelineSwiftUI` brings the recorder (and its core types) too.
@_exported import LifelineRecorder
