//! The CPU features the kernels choose between, asked in one place.
//!
//! A kernel with a faster form for some x86-64 CPUs compiles that form with
//! `#[target_feature(enable = …)]`, beside the portable one, and runs it when [`has`] says
//! the running CPU has the [`Feature`] it names:
//!
//! | kernel | feature |
//! |---|---|
//! | the pair count's probes (`counting/pairs.rs`) | [`Feature::Avx512Popcnt`], else [`Feature::Avx2`] |
//! | squeezing its patterns (`counting/pairs.rs`) | [`Feature::Bmi2`] |
//! | building its tables (`counting/pairs.rs`) | [`Feature::Avx512`] |
//! | joining two row-block buckets (`counting/halves/blocks.rs`) | [`Feature::Avx512`] |
//! | filtering the bottoms a listed top joins (`enumerate/bottoms.rs`) | [`Feature::Avx512`] |
//! | the completion search's row scan (`complete/lanes.rs`, `complete/search.rs`) | [`Feature::Avx512Popcnt`] with [`Feature::Bmi`], else [`Feature::Bmi`] |
//!
//! Every form gives the same answers, which the tests check against the portable one.
//! Elsewhere than on x86-64 no feature is had and the portable forms run.
// Only the x86-64 kernels ask.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

/// A set of instructions a kernel's fast form is compiled for; each names the
/// `target_feature` list of that form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Feature {
    /// `bmi2`: `pext`.
    Bmi2,
    /// `popcnt,bmi1,bmi2`: population counts and bit scans.
    Bmi,
    /// `avx2,popcnt`: 256-bit logic and population counts.
    Avx2,
    /// `avx512f,popcnt`: 512-bit logic and compression, and the popcount of a lane mask.
    Avx512,
    /// `avx512f,avx512vl,avx512vpopcntdq`: with AVX-512's per-lane population count, on
    /// 256-bit registers too.
    Avx512Popcnt,
}

/// Whether the running CPU has `feature`: the standard library detects it once and
/// caches the answer, so the kernels may ask on every call.
#[inline]
pub(crate) fn has(feature: Feature) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as detected;
        match feature {
            Feature::Bmi2 => detected!("bmi2"),
            Feature::Bmi => detected!("popcnt") && detected!("bmi1") && detected!("bmi2"),
            Feature::Avx2 => detected!("avx2") && detected!("popcnt"),
            Feature::Avx512 => detected!("avx512f") && detected!("popcnt"),
            Feature::Avx512Popcnt => {
                detected!("avx512f") && detected!("avx512vl") && detected!("avx512vpopcntdq")
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = feature;
        false
    }
}

/// Calls `step(start, lanes)` for each register of eight 64-bit lanes that a list of
/// `len` fills: every whole register with all lanes, then the rest with the mask of its
/// lanes. The AVX-512 kernels go over their lists this way rather than make and apply a
/// mask for every register: in the join of the row-block buckets that took `count 18
/// -j1` from 3.65 s to 3.94 s on a Zen 4 core.
#[inline(always)]
pub(crate) fn by_registers(len: usize, mut step: impl FnMut(usize, u8)) {
    let full = len / 8 * 8;
    for start in (0..full).step_by(8) {
        step(start, 0xff);
    }
    if full < len {
        step(full, (1u8 << (len - full)) - 1);
    }
}
