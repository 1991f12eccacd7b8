// The single-precision product kernel on an OpenCL device (docs/fast_estimator.md, "The OpenCL
// kernel"; the host side is device_kernel.cpp). For each query q (float weights w̃_q, offset
// c̃_q, scale h̃_q) against every centre l (float ỹ_l, Ñ_l) it forms the exponent
//   ã_l = s_K,  s_0 = fma(h̃, Ñ_l, c̃),  s_{c+1} = fma(−w̃_c, ỹ_lc, s_c)      (single_bound.cpp (e3), fused)
// clamps it to 87, takes exp_neg_single (below) and sums the terms in centre order: a float
// partial sum of each run of FLUSH centres (l = 16r .. 16r + 15), widened and added
//  - FP64 = 1: to one double per query and range of RANGE centres, in run order
//    (single_bound.cpp (g1));
//  - FP64 = 0: scaled by 2^-64 (exact but for underflow) to a compensated float sum (s, c)
//    per query and range, in run order ((g2)).
// The ranges (the second dimension of the launch, so that a block's queries and its ranges fill
// the device) are added by the host in range order. No centre is skipped. A query's result
// depends only on the query and the centres: not on the work-group size, the tile, the queries
// per work item or the other queries of the call.
//
// Built with K (block size), Q (queries per work item), TILE (centres per local-memory tile, a
// power of two from FLUSH to RANGE), RANGE (centres per range, a power of two), LOCAL_TILES (1:
// tiles through local memory; 0: centres read from global memory) and FP64 defined, and never
// with relaxed-math options (handles.cpp refuses them). Every multiply-add is an explicit fma()
// (correctly rounded, one rounding) and contraction of the rest is off, so the device computes
// the same bits as the host's evaluation of this arithmetic (device_reference.hpp) on any
// conforming device. Even a compiler that contracted regardless could change no bit of the
// double sums: the one product that meets an addition there, p·2^j, is exact (step 6).
#pragma OPENCL FP_CONTRACT OFF
#if FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define FLUSH 16
#define CLAMP 87.0f

// e^{−a} for a ∈ [−87.5, 87] with relative error ≤ 3.7e-7: exp_neg_single.hpp's evaluation
// and proof, every multiply-add fused (its steps 1–6 hold fused: each counts roundings as an
// upper bound, and the steps that must be exact, j·C1 and x − j·C1, are exact either way).
float exp_neg_single(float a) {
  const float x = -a;
  const float shift = 0x1.8p23f + 127.0f;
  const float shifted = fma(x, 0x1.715476p0f, shift);            // step 1: j + 127 + 1.5·2^23
  const float j = shifted - shift;
  const float r = fma(-j, 0x1.7f7d1cp-20f, fma(-j, 0x1.62e4p-1f, x));  // steps 2, 3
  const float r2 = r * r;                                          // step 5
  const float q1 = fma(r, 0x1.555556p-3f, 0.5f);                   // 1/2! + r/3!
  const float q2 = fma(r, 0x1.111112p-7f, 0x1.555556p-5f);         // 1/4! + r/5!
  const float t = fma(r2, 0x1.6c16c2p-10f, q2);                    // + r²/6!
  const float poly = fma(r2, t, q1);                               // step 4
  const float p = 1.0f + fma(r2, poly, r);
  const float power = as_float(as_uint(shifted) << 23);            // step 6: 2^j
  return p * power;
}

#if FP64
typedef double Total;
#define ADD_RUN(total, compensation, run) ((total) += (double)(run))  // eq (g1)
#else
typedef float Total;
// Neumaier's compensated sum of the scaled run r' = fl(run·2^-64) (eq (g2)): t = s + r', the
// rounding error of that addition (exact, also with subnormals) goes to c.
#define ADD_RUN(total, compensation, run)                                                  \
  do {                                                                                     \
    const float scaled = (run) * 0x1p-64f;                                                 \
    const float sum = (total) + scaled;                                                    \
    (compensation) += fabs(total) >= fabs(scaled) ? ((total) - sum) + scaled               \
                                                  : (scaled - sum) + (total);              \
    (total) = sum;                                                                         \
  } while (0)
#endif

#if LOCAL_TILES
// The TILE centres from t0 (their K coordinates and squared norms) into local memory, loaded by
// the whole work-group between two barriers.
void load_tile(const uint stride, const uint t0, __global const float* restrict centres,
               __global const float* restrict norm2, __local float* tile_values, __local float* tile_norm2) {
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_local_id(0); i < (K + 1) * TILE; i += get_local_size(0)) {
    const uint c = i / TILE;
    const uint l = i - c * TILE;
    if (c < K) {
      tile_values[c * TILE + l] = centres[c * stride + t0 + l];
    } else {
      tile_norm2[l] = norm2[t0 + l];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}
#endif

// count queries against n centres (k rows of `stride` floats, stride a multiple of TILE, zero
// beyond n); results[r·count + q] is range r's double sum (FP64) or pair (s, c), with
// range r's sum = (s + c)·2^64.
__kernel void single_kernel_sums(const uint n, const uint stride, const uint count,
                                 __global const float* restrict centres,
                                 __global const float* restrict norm2,
                                 __global const float* restrict weights,
                                 __global const float* restrict offsets,
                                 __global const float* restrict scales,
#if FP64
                                 __global double* restrict results
#else
                                 __global float2* restrict results
#endif
) {
  const uint first = (uint)get_global_id(0) * Q;
  const uint range = (uint)get_global_id(1);
  const uint range_end = min(stride, (range + 1) * RANGE);
  float w[Q][K];
  float c0[Q];
  float h[Q];
  for (uint q = 0; q < Q; ++q) {
    // Work items past the last query repeat it; their results are not stored.
    const uint query = min(first + q, count - 1);
    for (uint c = 0; c < K; ++c) w[q][c] = weights[query * K + c];
    c0[q] = offsets[query];
    h[q] = scales[query];
  }
  Total total[Q];
  Total compensation[Q];
  float run[Q];
  for (uint q = 0; q < Q; ++q) {
    total[q] = 0;
    compensation[q] = 0;
    run[q] = 0.0f;
  }
#if LOCAL_TILES
  __local float tile_values[K * TILE];
  __local float tile_norm2[TILE];
#endif
  for (uint t0 = range * RANGE; t0 < range_end; t0 += TILE) {
#if LOCAL_TILES
    load_tile(stride, t0, centres, norm2, tile_values, tile_norm2);
#define CENTRE(c, l) tile_values[(c) * TILE + (l)]
#define NORM2(l) tile_norm2[l]
#else
#define CENTRE(c, l) centres[(c) * stride + t0 + (l)]
#define NORM2(l) norm2[t0 + (l)]
#endif
    for (uint l = 0; l < TILE; ++l) {
      float a[Q];
      const float y_norm2 = NORM2(l);
      for (uint q = 0; q < Q; ++q) a[q] = fma(h[q], y_norm2, c0[q]);  // s_0, (e3)
      for (uint c = 0; c < K; ++c) {
        const float y = CENTRE(c, l);
        for (uint q = 0; q < Q; ++q) a[q] = fma(-w[q][c], y, a[q]);  // s_{c+1}, (e3)
      }
      const bool valid = t0 + l < n;
      for (uint q = 0; q < Q; ++q) {
        const float term = exp_neg_single(a[q] < CLAMP ? a[q] : CLAMP);
        run[q] += valid ? term : 0.0f;  // padding centres add an exact 0
      }
      if ((l & (FLUSH - 1)) == FLUSH - 1) {  // the end of a run of FLUSH centres
        for (uint q = 0; q < Q; ++q) {
          ADD_RUN(total[q], compensation[q], run[q]);
          run[q] = 0.0f;
        }
      }
    }
  }
  for (uint q = 0; q < Q; ++q) {
    if (first + q >= count) break;
#if FP64
    results[range * count + first + q] = total[q];
#else
    results[range * count + first + q] = (float2)(total[q], compensation[q]);
#endif
  }
}

// e^{−a} of each input: the exponential's check against the host's evaluation of the same
// operations (device_check.cpp refuses a device whose bits differ).
__kernel void exp_neg_values(const uint count, __global const float* restrict a, __global float* restrict out) {
  const uint i = (uint)get_global_id(0);
  if (i < count) out[i] = exp_neg_single(a[i]);
}
