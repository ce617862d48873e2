/// The kernel's role for a task (`task_role_t`, `<mach/task_policy.h>`), by the name a launch
/// record's `taskRole` carries.
///
/// iOS gives a process it starts for the user `TASK_FOREGROUND_APPLICATION`, one it starts
/// without UI (a background launch) `TASK_NONUI_APPLICATION`, and, from iOS 15, a prewarmed one
/// `TASK_DARWINBG_APPLICATION` (what crash reporters observe and rely on: KSCrash's
/// `KSCrashMonitorContextHelper.m`, Datadog's launch handler). Reading it is Apple-only; naming it
/// is not, so the names are tested on every platform.
package enum TaskRole {
    /// `foreground`: the user opened the app.
    package static let foreground = "foreground"
    /// `nonUI`: iOS started the process without UI (a background launch).
    package static let nonUI = "nonUI"
    /// `darwinBG`: iOS 15 and later prewarm a process with this role.
    package static let darwinBG = "darwinBG"

    /// The name of a `task_role_t` value: `-1` `reniced`, `0` `unspecified`, `1` `foreground`,
    /// `2` `background`, `3` `control`, `4` `graphicsServer`, `5` `throttle`, `6` `nonUI`, `7`
    /// `default`, `8` `darwinBG`; any other value `role N`.
    package static func name(of role: Int32) -> String {
        switch role {
        case -1: "reniced"
        case 0: "unspecified"
        case 1: foreground
        case 2: "background"
        case 3: "control"
        case 4: "graphicsServer"
        case 5: "throttle"
        case 6: nonUI
        case 7: "default"
        case 8: darwinBG
        default: "role \(role)"
        }
    }
}
