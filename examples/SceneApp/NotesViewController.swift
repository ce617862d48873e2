import UIKit

/// The example's whole model: notes kept in memory and saved to a file.
final class NoteStore: @unchecked Sendable {
    static let shared = NoteStore()

    private let lock = NSLock()
    private var notes: [String] = []
    private let file = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("notes.json")

    func open() {
        guard let data = try? Data(contentsOf: file), let saved = try? JSONDecoder().decode([String].self, from: data) else {
            return
        }
        lock.withLock { notes = saved }
    }

    func add(_ note: String) { lock.withLock { notes.append(note) } }

    var all: [String] { lock.withLock { notes } }

    func save() {
        guard let data = try? JSONEncoder().encode(all) else { return }
        try? data.write(to: file, options: .atomic)
    }
}

/// A list of notes with a button that adds one.
final class NotesViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "note")
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            systemItem: .add,
            primaryAction: UIAction { [weak self] _ in
                NoteStore.shared.add("Note \(NoteStore.shared.all.count + 1)")
                self?.tableView.reloadData()
            })
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // The notes are on screen: the launch is over as far as the person is concerned.
        if !hasReportedFullyDisplayed {
            hasReportedFullyDisplayed = true
            Lifeline.recorder.reportFullyDisplayed(attrs: ["notes": .int(Int64(NoteStore.shared.all.count))])
        }
    }

    private var hasReportedFullyDisplayed = false

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        NoteStore.shared.all.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = NoteStore.shared.all[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }
}
