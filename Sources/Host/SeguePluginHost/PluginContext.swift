/// Which plugin file the host is calling into on this thread, so that the
/// host can say whose message a `log` call carries.
enum PluginContext {
    @TaskLocal static var current: String?
}
