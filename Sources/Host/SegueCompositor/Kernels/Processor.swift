import CVectorKernels

/// What this processor runs, for the kernels that pick an instruction set
/// at run time (CVectorKernels).
public enum Processor {
    /// Whether AVX2 code runs here (processor and operating system).
    public static let hasAVX2 = vector_kernels_have_avx2() != 0
}
