import SeguePluginKit

/// `blinds`: the content seen through horizontal slats that open from
/// their middles, like venetian blinds being tilted open.
///
/// At `openness` o each of the `slats` bands of the frame shows its middle
/// o of its height. At o ≤ 0 nothing is drawn; at o ≥ 1 the content is drawn
/// whole, with no clip.
struct Blinds: Effect {
    static let id = "example.blinds"
    static let name = "blinds"
    static let summary = "The content seen through slats that open from their middles"

    static let openness = Parameter.number(
        "openness", summary: "How open the slats are: 0 shut, 1 the content whole",
        active: 0, identity: 1, range: 0...1, animatable: true)
    static let slats = Parameter.integer("slats", summary: "How many slats cover the frame", default: 8, range: 1...200)

    static var parameters: [ParameterDeclaration] {
        openness
        slats
    }

    func render(values: Values<Blinds>, canvas: Canvas) throws {
        let openness = values.openness
        guard openness > 0 else { return }
        guard openness < 1 else { return try canvas.draw(canvas.content) }
        try canvas.draw(canvas.content, clip: Blinds.slats(in: canvas.frame, count: values.slats, openness: openness))
    }

    /// The open part of every slat: `count` bands of `frame`, each its middle `openness` of the band's height.
    static func slats(in frame: Rect, count: Int, openness: Double) -> Path {
        Path { path in
            let band = frame.height / Double(count)
            for index in 0..<count {
                let middle = frame.minY + (Double(index) + 0.5) * band
                path.addRect(Rect(x: frame.minX, y: middle - band * openness / 2, width: frame.width,
                                  height: band * openness))
            }
        }
    }
}

/// The plugin: what its `segue_plugin_entry` describes.
package let plugin = PluginDeclaration(name: "Blinds", version: "1.0.0", effects: Blinds.self)
