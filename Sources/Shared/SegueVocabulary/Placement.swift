/// How an input whose size differs from the output is placed in it
/// (`SEGUE_PLACEMENT_*` in C, `--placement` on the command line).
public enum Placement: String, CaseIterable, Sendable {
    /// Scaled to fit inside, aspect kept, centred.
    case fit
    /// Scaled to cover, aspect kept, centred, cropped.
    case fill
    /// Unscaled, centred on whole pixels, cropped.
    case center
    /// Scaled to the output's width and height independently.
    case stretch
}

/// Which of a transition's two views is drawn on top (`SEGUE_STACKING_*`).
public enum Stacking: String, CaseIterable, Sendable {
    case insertedOnTop, removedOnTop
}
