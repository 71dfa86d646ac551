import CSegue
import SegueVocabulary

// The vocabulary's values in the shapes the C headers give them
// (segue/types.h, segue/plugin.h), for both sides of the plugin line: the
// host reading what plugins and C callers hand it, and the plugin kit
// talking to the host.

extension Point {
    public init(_ c: segue_point) {
        self.init(x: c.x, y: c.y)
    }

    public var cValue: segue_point { segue_point(x: x, y: y) }
}

extension Rect {
    public init(_ c: segue_rect) {
        self.init(x: c.x, y: c.y, width: c.width, height: c.height)
    }

    public var cValue: segue_rect { segue_rect(x: minX, y: minY, width: width, height: height) }
}

extension AffineTransform {
    public init(_ c: segue_affine) {
        self.init(a: c.a, b: c.b, c: c.c, d: c.d, tx: c.tx, ty: c.ty)
    }

    public var cValue: segue_affine { segue_affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}

extension Color {
    public init(_ c: segue_color) {
        self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    public var cValue: segue_color { segue_color(red: red, green: green, blue: blue, alpha: alpha) }
}

extension TextMetrics {
    public init(_ c: segue_text_metrics) {
        self.init(width: c.width, ascent: c.ascent, descent: c.descent)
    }

    public var cValue: segue_text_metrics { segue_text_metrics(width: width, ascent: ascent, descent: descent) }
}

/// An enumeration whose C value (`segue_blend`, `segue_fill_rule`,
/// `segue_filter`, `segue_placement`, `segue_stacking`, `segue_color_range`:
/// all `uint32_t`) is its case's position in `allCases`.
public protocol CaseOrderCoded: CaseIterable, Equatable where AllCases.Index == Int {}

extension CaseOrderCoded {
    // Inlinable, so that each type's conversions are specialised where they
    // are used: a generic one looks its type's metadata up under a lock and
    // builds `allCases` on every call (a tenth of a frame of 1000 sprites).

    /// The case a C value names; nil for a value the headers do not define.
    @inlinable
    public init?(_ c: UInt32) {
        guard c < UInt32(Self.allCases.count) else { return nil }
        self = Self.allCases[Self.allCases.startIndex + Int(c)]
    }

    /// The C value: the case's position in `allCases`.
    @inlinable
    public var cValue: UInt32 { UInt32(Self.allCases.firstIndex(of: self)! - Self.allCases.startIndex) }
}

extension BlendMode: CaseOrderCoded {}
extension FillRule: CaseOrderCoded {}
extension SamplingFilter: CaseOrderCoded {}
extension Placement: CaseOrderCoded {}
extension Stacking: CaseOrderCoded {}
extension YCbCr.Range: CaseOrderCoded {}

extension PixelLayout {
    /// The layout a `SEGUE_PIXEL_FORMAT_*` value names; nil for a value the
    /// headers do not define (0 among them: a zeroed struct names none).
    public init?(_ c: UInt32) {
        switch Int(c) {
        case SEGUE_PIXEL_FORMAT_I420: self = .i420
        case SEGUE_PIXEL_FORMAT_NV12: self = .nv12
        case SEGUE_PIXEL_FORMAT_RGBA: self = .rgba
        case SEGUE_PIXEL_FORMAT_BGRA: self = .bgra
        case SEGUE_PIXEL_FORMAT_RGB24: self = .rgb24
        case SEGUE_PIXEL_FORMAT_BGR24: self = .bgr24
        default: return nil
        }
    }
}

extension YCbCr {
    /// The weights a `SEGUE_COLOR_MATRIX_*` value names, with `range`; nil
    /// for a value the headers do not define.
    public init?(matrix c: UInt32, range: Range) {
        switch Int(c) {
        case SEGUE_COLOR_MATRIX_BT709: self = YCbCr.bt709.with(range)
        case SEGUE_COLOR_MATRIX_BT601: self = YCbCr.bt601.with(range)
        default: return nil
        }
    }
}

extension Status {
    public init(_ c: segue_status) {
        self.init(rawValue: c)
    }

    public var cValue: segue_status { rawValue }
}

extension ParameterKind {
    /// `SEGUE_KIND_*`.
    public var cValue: segue_kind {
        let code = switch self {
        case .number: SEGUE_KIND_NUMBER
        case .integer: SEGUE_KIND_INTEGER
        case .bool: SEGUE_KIND_BOOL
        case .color: SEGUE_KIND_COLOR
        case .point: SEGUE_KIND_POINT
        case .enumeration: SEGUE_KIND_ENUM
        case .string: SEGUE_KIND_STRING
        }
        return segue_kind(code)
    }

    /// The kind a `segue_kind` names, with `cases` for an enumeration; nil
    /// for a value the headers do not define.
    public init?(_ c: segue_kind, cases: @autoclosure () throws -> [String]) rethrows {
        switch Int(c) {
        case SEGUE_KIND_NUMBER: self = .number
        case SEGUE_KIND_INTEGER: self = .integer
        case SEGUE_KIND_BOOL: self = .bool
        case SEGUE_KIND_COLOR: self = .color
        case SEGUE_KIND_POINT: self = .point
        case SEGUE_KIND_ENUM: self = .enumeration(cases: try cases())
        case SEGUE_KIND_STRING: self = .string
        default: return nil
        }
    }

    /// The word for a `segue_kind` in messages ("number", "enum"), or "kind N".
    public static func name(of c: segue_kind) -> String {
        ParameterKind(c, cases: []).map(\.name) ?? "kind \(c)"
    }
}

extension segue_value {
    /// The C form of `value`: only the field its kind names is set. `text`
    /// gives strings storage that lasts as long as the struct is used.
    public init(_ value: ParameterValue, text: (String) -> UnsafePointer<CChar>?) {
        self.init()
        switch value {
        case .number(let n):
            kind = segue_kind(SEGUE_KIND_NUMBER)
            number = n
        case .integer(let n):
            kind = segue_kind(SEGUE_KIND_INTEGER)
            number = Double(n)
        case .bool(let b):
            kind = segue_kind(SEGUE_KIND_BOOL)
            number = b ? 1 : 0
        case .color(let c):
            kind = segue_kind(SEGUE_KIND_COLOR)
            color = c.cValue
        case .point(let p):
            kind = segue_kind(SEGUE_KIND_POINT)
            point = p.cValue
        case .enumeration(let s):
            kind = segue_kind(SEGUE_KIND_ENUM)
            self.text = text(s)
        case .string(let s):
            kind = segue_kind(SEGUE_KIND_STRING)
            self.text = text(s)
        }
    }
}

extension ParameterValue {
    /// The value a `segue_value` holds, read as types.h defines it: an
    /// integer is whole and within ±2⁵³, a bool is 0 or 1, an enumeration
    /// or a string has text. The one reading of C values, for the C API's
    /// parameters and plugins' descriptors alike. `name` says which value it
    /// was, for the message.
    /// - Throws: `ABIRefusal` naming `name` for a value that breaks those
    ///   rules, or an unknown kind.
    public init(_ v: segue_value, name: String) throws(ABIRefusal) {
        switch Int(v.kind) {
        case SEGUE_KIND_NUMBER:
            self = .number(v.number)
        case SEGUE_KIND_INTEGER:
            guard v.number == v.number.rounded(), abs(v.number) <= DeclarationRules.maximumInteger else {
                throw ABIRefusal(message: "\(name) is an integer but holds \(v.number)")
            }
            self = .integer(Int(v.number))
        case SEGUE_KIND_BOOL:
            guard v.number == 0 || v.number == 1 else {
                throw ABIRefusal(message: "\(name) is a bool but holds \(v.number), not 0 or 1")
            }
            self = .bool(v.number == 1)
        case SEGUE_KIND_COLOR:
            self = .color(Color(v.color))
        case SEGUE_KIND_POINT:
            self = .point(Point(v.point))
        case SEGUE_KIND_ENUM, SEGUE_KIND_STRING:
            guard let text = v.text else { throw ABIRefusal(message: "\(name) has kind \(v.kind) but no text") }
            let string = String(cString: text)
            self = Int(v.kind) == SEGUE_KIND_ENUM ? .enumeration(string) : .string(string)
        default:
            throw ABIRefusal(message: "\(name) has unknown kind \(v.kind)")
        }
    }
}
