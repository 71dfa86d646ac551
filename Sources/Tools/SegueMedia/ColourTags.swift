import CAV
import SegueBasics
import SegueImageIO

/// What a video file Segue writes says about its colours: primaries,
/// transfer, matrix and range, so that players need not guess. Pictures
/// are written in the Y'CbCr `matrix` of their clips and never converted
/// between gamuts, so the tags follow the matrix: BT.709 for HD (and for
/// outputs made of pictures alone), SMPTE 170M — BT.601's 525-line
/// definition, as FFmpeg and browsers read untagged SD video — for SD.
/// Always limited range.
struct ColourTags: Equatable {
    let primaries: AVColorPrimaries
    let transfer: AVColorTransferCharacteristic
    let space: AVColorSpace
    let range: AVColorRange

    init(matrix: YCbCr) {
        let isHD = matrix.with(.limited) == .bt709
        primaries = isHD ? AVCOL_PRI_BT709 : AVCOL_PRI_SMPTE170M
        transfer = isHD ? AVCOL_TRC_BT709 : AVCOL_TRC_SMPTE170M
        space = isHD ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        range = AVCOL_RANGE_MPEG
    }

    /// Sets an encoder's tags.
    func apply(to codec: UnsafeMutablePointer<AVCodecContext>) {
        codec.pointee.color_primaries = primaries
        codec.pointee.color_trc = transfer
        codec.pointee.colorspace = space
        codec.pointee.color_range = range
    }

    /// Fills the tags a copied stream leaves unspecified, keeping those it
    /// states (the container then says what the pictures' own headers do not).
    func fill(_ parameters: UnsafeMutablePointer<AVCodecParameters>) {
        if parameters.pointee.color_primaries == AVCOL_PRI_UNSPECIFIED { parameters.pointee.color_primaries = primaries }
        if parameters.pointee.color_trc == AVCOL_TRC_UNSPECIFIED { parameters.pointee.color_trc = transfer }
        if parameters.pointee.color_space == AVCOL_SPC_UNSPECIFIED { parameters.pointee.color_space = space }
        if parameters.pointee.color_range == AVCOL_RANGE_UNSPECIFIED { parameters.pointee.color_range = range }
    }
}
