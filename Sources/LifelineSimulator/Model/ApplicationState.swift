/// The app-level state (`UIApplication.State`) a delegate can read.
enum ApplicationState: String {
    case active
    case inactive
    case background
}
