import SegueModel

/// "Did you mean …?" for the command line, sharing the model's edit distance.
enum Suggestions {
    static func closest(to name: String, among candidates: [String]) -> String? {
        ClosestNames.best(to: name, among: candidates)
    }
}
