#pragma once

// BONESCOPE_AVX2_CLONES before a hot function gives it an AVX2 clone on x86-64, chosen when the
// program loads where the processor has it: three-operand instructions, fewer register copies.
// AVX2 without FMA, so that both clones round alike (the bakes stay byte-identical). GCC only:
// Clang 14 links a cloned member function only when its declaration carries the attribute too.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define BONESCOPE_AVX2_CLONES [[gnu::target_clones("avx2", "default")]]
#else
#define BONESCOPE_AVX2_CLONES
#endif
