import SeguePluginKit

/// The distortions plugin: the article's distortion-shader transitions, on
/// the host's per-pixel distortion API (`Canvas.drawDistorted`).
package let plugin = PluginDeclaration(name: "Distortions", version: "1.0.0",
                                       effects: SlideAway.self, Shift.self, Wave.self)
