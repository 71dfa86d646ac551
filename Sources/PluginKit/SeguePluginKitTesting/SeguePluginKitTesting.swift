// SeguePluginKitTesting — unit tests for effects written with SeguePluginKit,
// without Segue's library: `FakeHost` renders an effect on a canvas that
// records what it is asked to draw (`FakeCanvas.calls`), through the kit's
// own render path. examples/swift-plugin/Tests shows it in use.

@_exported import SeguePluginKit
