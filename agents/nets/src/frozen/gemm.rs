//! Row-major `f32` matrix products through the `gemm` crate (the kernels burn's flex backend
//! itself calls), on the calling thread: the frozen net parallelises over the batch instead.

/// `out[m×n] += a[m×k] · b[k×n]`, all row-major and contiguous.
pub fn add_product(out: &mut [f32], a: &[f32], b: &[f32], m: usize, k: usize, n: usize) {
    assert!(out.len() == m * n && a.len() == m * k && b.len() == k * n, "gemm: shapes disagree");
    if m == 0 || n == 0 || k == 0 {
        return;
    }
    // SAFETY: the three buffers hold exactly the row-major matrices described by (m, k, n) and
    // their unit column strides (asserted above); `out` is a unique borrow, so it aliases nothing.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            out.as_mut_ptr(),
            1,
            n as isize,
            true,
            a.as_ptr(),
            1,
            k as isize,
            b.as_ptr(),
            1,
            n as isize,
            1.0,
            1.0,
            false,
            false,
            false,
            gemm::Parallelism::None,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_the_product_to_what_is_there() {
        // [1 2 3; 4 5 6] · [1 0; 0 1; 1 1] = [4 5; 10 11], added to ones.
        let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let b = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
        let mut out = [1.0; 4];
        add_product(&mut out, &a, &b, 2, 3, 2);
        assert_eq!(out, [5.0, 6.0, 11.0, 12.0]);
    }
}
