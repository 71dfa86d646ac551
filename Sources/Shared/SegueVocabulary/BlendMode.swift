/// How a drawing combines with what is beneath it: SwiftUI's blend modes,
/// premultiplied throughout (`segue_blend` in C, whose values are the cases'
/// order here). The raw values are the names specs and options use.
public enum BlendMode: String, CaseIterable, Sendable, Hashable {
    /// Source over.
    case normal
    /// The two added, clamped: light adds up.
    case plusLighter
    case multiply, screen, overlay, darken, lighten
    case colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity
}

/// How overlapping parts of a path count as inside (`segue_fill_rule` in C,
/// whose values are the cases' order here).
public enum FillRule: CaseIterable, Sendable, Hashable {
    /// Inside where the outline winds around a point a non-zero number of times.
    case nonZero
    /// Inside where a ray from a point crosses the outline an odd number of times.
    case evenOdd
}

/// How an image is sampled where a drawing scales, turns or shifts it by
/// part of a pixel (`segue_filter` in C, whose values are the cases' order
/// here). Whole-pixel moves are exact with either.
public enum SamplingFilter: CaseIterable, Sendable, Hashable {
    /// The four nearest pixels blended: smooth.
    case bilinear
    /// The one nearest pixel: crisp blocks (SwiftUI's `.interpolation(.none)`).
    case nearest
}
