extension Int {
    /// `1234567` → `1,234,567`: counts people read (events, events per second).
    package var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return self < 0 ? "-" + result : result
    }
}
