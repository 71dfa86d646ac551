extension Double {
    /// `a + (b − a)·t`, for finite `a`, `b` and `t`, kept finite: where the
    /// exact value lies beyond the largest `Double` (a spring's progress of
    /// ±1e308, say), the largest one of its sign. An animation may carry
    /// progress anywhere finite, and an effect is handed finite values only.
    public static func interpolated(from a: Double, to b: Double, at t: Double) -> Double {
        let value = a + (b - a) * t
        if value.isFinite { return value }
        // Overflow: b − a or its product with t left the Doubles. Halves keep the direction.
        let travel = (b / 2 - a / 2) * t
        if travel == 0 || travel.isNaN { return a }
        return travel > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }
}
