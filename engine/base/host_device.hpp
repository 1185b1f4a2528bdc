// SEKI_HD: marks a function that runs on the host and, compiled by nvcc, on a CUDA device (the
// per-class logic of engine/gpu and the line invariants of canon/ that it shares); SEKI_UNROLL
// asks either compiler to unroll the loop that follows; SEKI_INLINE makes either compiler inline
// a function (so that the arrays it is passed stay in registers).
// Concurrency: a macro.
#pragma once

#if defined(__CUDACC__)
#define SEKI_HD __host__ __device__
#define SEKI_UNROLL _Pragma("unroll")
#define SEKI_INLINE __forceinline__
#else
#define SEKI_HD
#define SEKI_UNROLL _Pragma("GCC unroll 8")
#define SEKI_INLINE inline __attribute__((always_inline))
#endif
