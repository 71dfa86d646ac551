import CSegue
import SegueABI

/// Something a canvas can draw (`segue_image *`): the content, a finished
/// layer, text or pixels.
///
/// The content's and a layer's coordinates are the canvas's (drawn with the
/// identity transform they land where they are); pixels span
/// `(0, 0)–(width, height)`. Images from a canvas (`content`, `withLayer`,
/// `rasterize`) are owned by it and valid only until `render` returns.
public struct Image {
    let pointer: OpaquePointer?

    init(_ pointer: OpaquePointer?) {
        self.pointer = pointer
    }
}
