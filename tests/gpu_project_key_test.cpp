// The project's canonical key as the GPU engine computes it (engine/gpu/project_key.hpp), on the
// CPU: equal to canon::CanonicalFormKey on every class of 3x3 <= 3 and 4x4 <= 2 (each class
// through every matrix of the region, so every representative is tried), and on random matrices of
// every shape up to 5x5 with entries up to 7 (many ties: small entries; and spread ones).
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/gpu/project_key.hpp"
#include "storage/packed_key.hpp"

namespace {

using namespace seki;

// ProjectCanonicalKey and ProjectCanonicalForm for a shape known at run time (the test's
// dispatch).
template <int Rows, int Cols>
std::uint64_t KeyOf(std::uint64_t key, int in_bits, int out_bits) {
  return gpu::ProjectCanonicalKey<Rows, Cols>(key, in_bits, out_bits);
}
template <int Rows, int Cols>
void FormOf(const std::uint8_t* a, std::uint8_t* form) {
  gpu::ProjectCanonicalForm<Rows, Cols>(a, form);
}
using KeyFn = std::uint64_t (*)(std::uint64_t, int, int);
using FormFn = void (*)(const std::uint8_t*, std::uint8_t*);
template <int... I>
constexpr std::array<KeyFn, 25> KeyTable(std::integer_sequence<int, I...>) {
  return {&KeyOf<I / 5 + 1, I % 5 + 1>...};
}
template <int... I>
constexpr std::array<FormFn, 25> FormTable(std::integer_sequence<int, I...>) {
  return {&FormOf<I / 5 + 1, I % 5 + 1>...};
}
constexpr auto kKeyFns = KeyTable(std::make_integer_sequence<int, 25>());
constexpr auto kFormFns = FormTable(std::make_integer_sequence<int, 25>());

std::uint64_t DeviceKey(const Matrix& a, int bits) {
  const KeyCodec codec(a.rows(), a.cols(), (1 << bits) - 1);
  return kKeyFns[(a.rows() - 1) * 5 + a.cols() - 1](codec.Pack(a), bits, bits);
}
Matrix DeviceForm(const Matrix& a) {
  std::uint8_t in[25], out[25];
  for (int k = 0; k < a.rows() * a.cols(); ++k) in[k] = a(k / a.cols(), k % a.cols());
  kFormFns[(a.rows() - 1) * 5 + a.cols() - 1](in, out);
  Matrix form(a.rows(), a.cols());
  for (int k = 0; k < a.rows() * a.cols(); ++k) form.set(k / a.cols(), k % a.cols(), out[k]);
  return form;
}

// Every matrix of a rows x cols region with entries <= max_entry, in turn.
template <class Body>
void ForEveryMatrix(int rows, int cols, int max_entry, Body body) {
  Matrix a(rows, cols);
  for (;;) {
    body(a);
    int k = 0;
    for (; k < rows * cols; ++k) {
      const int i = k / cols, j = k % cols;
      if (a(i, j) < max_entry) {
        a.set(i, j, a(i, j) + 1);
        break;
      }
      a.set(i, j, 0);
    }
    if (k == rows * cols) return;
  }
}

TEST(GpuProjectKey, EveryMatrixOf3x3EntriesAtMost3And4x4EntriesAtMost2) {
  for (const auto [rows, cols, max_entry] : {std::array{3, 3, 3}, std::array{4, 4, 2}}) {
    const int bits = KeyCodec::BitsPerEntry(max_entry);
    std::uint64_t matrices = 0;
    ForEveryMatrix(rows, cols, max_entry, [&](const Matrix& a) {
      ++matrices;
      ASSERT_EQ(DeviceKey(a, bits), canon::CanonicalFormKey(a, bits)) << FormatMatrix(a);
    });
    EXPECT_EQ(matrices, rows == 3 ? 262144u : 43046721u);
  }
}

// SEKI_PROJECT_KEY_SAMPLES (default 1,000,000) random matrices of every shape up to 5x5: the
// form equals canon's (a 5x5 matrix with entries up to 7 needs 75 key bits, so forms are compared
// as matrices), and the key equals canon's where it fits in 64 bits.
TEST(GpuProjectKey, RandomMatricesOfEveryShapeUpTo5x5) {
  const char* env = std::getenv("SEKI_PROJECT_KEY_SAMPLES");
  const long samples = env ? std::atol(env) : 1000000;
  std::mt19937_64 rng(24);
  for (int rows = 1; rows <= 5; ++rows)
    for (int cols = 1; cols <= 5; ++cols)
      for (long t = 0; t < samples; ++t) {
        const int max_entry = t % 3 == 0 ? 1 : t % 3 == 1 ? 2 : 7;  // ties, and spread entries
        Matrix a(rows, cols);
        for (int i = 0; i < rows; ++i)
          for (int j = 0; j < cols; ++j) a.set(i, j, static_cast<int>(rng() % (max_entry + 1)));
        ASSERT_EQ(DeviceForm(a), canon::CanonicalForm(a)) << FormatMatrix(a);
        const int bits = KeyCodec::BitsPerEntry(max_entry);
        if (rows * cols * bits <= 64) {
          ASSERT_EQ(DeviceKey(a, bits), canon::CanonicalFormKey(a, bits)) << FormatMatrix(a);
        }
      }
}

}  // namespace
