/// Suggestions for misspelt names ("did you mean …?"), by edit distance.
public enum ClosestNames {
    /// Candidates within a small edit distance of `name`, closest first.
    public static func ranked(to name: String, among candidates: [String]) -> [String] {
        let lowered = name.lowercased()
        let target = Array(lowered)
        let limit = max(2, target.count / 3)
        var scored: [(name: String, distance: Int)] = []
        for candidate in candidates {
            let d = distance(target, Array(candidate.lowercased()))
            if d <= limit || candidate.lowercased().hasPrefix(lowered) {
                scored.append((candidate, d))
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.map(\.name)
    }

    /// The closest candidate, if any is close.
    public static func best(to name: String, among candidates: [String]) -> String? {
        ranked(to: name, among: candidates).first
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
