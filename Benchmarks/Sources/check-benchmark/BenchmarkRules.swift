/// 22 rules over the generated traces: every pattern kind, every scope, every slicing, timing.
let benchmarkRules = """
    rule b.launch-before-connect per session: didFinishLaunching precedes willConnectTo
    rule b.no-ui-in-background per scene: between sceneDidEnterBackground and sceneWillEnterForeground: never ui.render
    rule b.only-lifecycle-away per scene: between sceneWillResignActive and sceneWillEnterForeground: only sceneDidEnterBackground | state.save
    rule b.connects per launch: eventually willConnectTo
    rule b.one-launch per launch: at most 1 didFinishLaunching
    rule b.saves per session: after sceneDidEnterBackground: at least 1 state.save
    rule b.one-connect per scene: exactly 1 willConnectTo
    rule b.background-saves per scene: sceneDidEnterBackground leads to sceneWillEnterForeground
    rule b.config-chain per session: didFinishLaunching then configurationForConnecting precedes willConnectTo
    rule b.db-first per launch: db.open precedes willConnectTo then sceneDidBecomeActive
    rule b.connect-chain per scene: willConnectTo leads to sceneWillEnterForeground then sceneDidBecomeActive
    rule b.resign-chain per scene: sceneWillResignActive then sceneDidEnterBackground leads to sceneWillEnterForeground
    rule b.save-in-time per session: state.save within 2s after sceneDidEnterBackground
    rule b.no-instant-return per scene: never sceneWillEnterForeground within 1us after sceneDidEnterBackground
    rule b.background-fast per scene: sceneDidEnterBackground lasts at most 5s
    rule b.launch-takes-time per launch: didFinishLaunching lasts at least 1us
    rule b.active-before-resign per scene: after willConnectTo until sceneDidDisconnect: sceneDidBecomeActive precedes sceneWillResignActive
    rule b.discarded-stays-gone per session across launches: after didDiscardSceneSessions: never willConnectTo
    rule b.launches-finish per trace: lifeline.launch leads to didFinishLaunching
    rule b.active-after-connect per session: before willConnectTo: never sceneDidBecomeActive
    rule b.small-saves per session {
      when lifecycle = scene and os >= "13"
      never state.save[bytes > 1000000]
    }
    machine b.states per scene {
      initial unattached
      unattached -> background on willConnectTo
      background -> inactive on sceneWillEnterForeground
      inactive -> active on sceneDidBecomeActive
      active -> inactive on sceneWillResignActive
      inactive -> background on sceneDidEnterBackground
      * -> gone on sceneDidDisconnect
    }
    """
