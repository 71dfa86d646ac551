import SeguePluginKit

/// The particles plugin: the article's canvas fire, as a transition.
package let plugin = PluginDeclaration(name: "Particles", version: "1.0.0", effects: Particles.self)
