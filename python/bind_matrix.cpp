// seki.Matrix and the families A(n), B(n), C(k): engine/base, canon and engine/structure.
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/starting_position.hpp"
#include "engine/describe/matrix_report.hpp"
#include "engine/structure/go_picture.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"
#include "python/bindings.hpp"

namespace py = pybind11;

namespace seki::python {
namespace {

constexpr const char* kWhere = "matrix";

Matrix FromRows(const py::sequence& rows) {
  const auto m = static_cast<int>(rows.size());
  if (m < 1 || m > kMaxDim)
    throw InputError(kWhere, std::to_string(m) + " rows (1..8 are allowed)");
  std::vector<std::vector<long long>> cells;
  for (const py::handle row : rows) {
    if (py::isinstance<py::str>(row) || !py::isinstance<py::sequence>(row))
      throw InputError(kWhere, "row " + std::to_string(cells.size() + 1) + " is not a sequence");
    std::vector<long long> line;
    for (const py::handle x : py::reinterpret_borrow<py::sequence>(row)) {
      if (!py::isinstance<py::int_>(x) && !py::hasattr(x, "__index__"))
        throw InputError(kWhere, "entry (" + std::to_string(cells.size() + 1) + "," +
                                     std::to_string(line.size() + 1) + ") is not an integer");
      line.push_back(py::int_(py::reinterpret_borrow<py::object>(x)).cast<long long>());
    }
    cells.push_back(std::move(line));
  }
  const auto n = static_cast<int>(cells[0].size());
  if (n < 1 || n > kMaxDim)
    throw InputError(kWhere, std::to_string(n) + " columns (1..8 are allowed)");
  Matrix a(m, n);
  for (int i = 0; i < m; ++i) {
    if (static_cast<int>(cells[i].size()) != n)
      throw InputError(kWhere, "row " + std::to_string(i + 1) + " has " +
                                   std::to_string(cells[i].size()) + " entries, row 1 has " +
                                   std::to_string(n));
    for (int j = 0; j < n; ++j) {
      const long long v = cells[i][j];
      if (v < 0 || v > kMaxEntry)
        throw InputError(kWhere, "entry (" + std::to_string(i + 1) + "," + std::to_string(j + 1) +
                                     ") = " + std::to_string(v) + " is not in 0..255");
      a.set(i, j, static_cast<int>(v));
    }
  }
  return a;
}

// A matrix from its text ("033/331/312"), a list of rows, or anything with tolist() (NumPy).
Matrix MakeMatrix(const py::object& source) {
  if (py::isinstance<py::str>(source)) {
    const auto text = source.cast<std::string>();
    const bool blank = TrimSpace(text).empty();
    return ParseMatrixAt(blank ? kWhere : text, text);
  }
  if (py::isinstance<Matrix>(source)) return source.cast<Matrix>();
  if (py::hasattr(source, "tolist")) return MakeMatrix(source.attr("tolist")());
  if (!py::isinstance<py::sequence>(source))
    throw InputError(kWhere, "not a matrix text, a list of rows or an array");
  return FromRows(py::reinterpret_borrow<py::sequence>(source));
}

std::pair<int, int> Cell(const Matrix& a, const py::tuple& ij) {
  if (ij.size() != 2) throw py::index_error("a matrix is indexed by m[i, j]");
  int i = ij[0].cast<int>(), j = ij[1].cast<int>();
  if (i < 0) i += a.rows();
  if (j < 0) j += a.cols();
  if (i < 0 || i >= a.rows() || j < 0 || j >= a.cols())
    throw py::index_error("(" + std::to_string(i) + ", " + std::to_string(j) + ") is outside the " +
                          std::to_string(a.rows()) + "x" + std::to_string(a.cols()) +
                          " matrix (indices from 0)");
  return {i, j};
}

Matrix Extended(const Matrix& a, int i, int j, Extension kind) {
  const auto list = Extensions(a, kind, std::pair{i, j}, nullptr, Where(a));
  return list.front().extension->matrix;
}

py::list Rows(const Matrix& a) {
  py::list rows;
  for (int i = 0; i < a.rows(); ++i) {
    py::list row;
    for (int j = 0; j < a.cols(); ++j) row.append(a(i, j));
    rows.append(row);
  }
  return rows;
}

}  // namespace

void BindMatrix(py::module_& m) {
  py::class_<Matrix>(m, "Matrix",
                     "A SEKI position: an m x n matrix (1..8 each) of entries 0..255. Built from "
                     "its text ('033/331/312'), a list of rows or a NumPy array.")
      .def(py::init(&MakeMatrix), py::arg("source"))
      .def_property_readonly("rows", &Matrix::rows)
      .def_property_readonly("cols", &Matrix::cols)
      .def_property_readonly("shape",
                             [](const Matrix& a) { return py::make_tuple(a.rows(), a.cols()); })
      .def_property_readonly("sum", &Matrix::sum)
      .def_property_readonly("height", &Matrix::height)
      .def("row_sums",
           [](const Matrix& a) {
             std::vector<int> s;
             for (int i = 0; i < a.rows(); ++i) s.push_back(a.row_sum(i));
             return s;
           })
      .def("col_sums",
           [](const Matrix& a) {
             std::vector<int> s;
             for (int j = 0; j < a.cols(); ++j) s.push_back(a.col_sum(j));
             return s;
           })
      .def("__getitem__",
           [](const Matrix& a, const py::tuple& ij) {
             const auto [i, j] = Cell(a, ij);
             return a(i, j);
           })
      .def("tolist", &Rows, "The rows as lists of ints.")
      .def(py::pickle([](const Matrix& a) { return FormatMatrix(a); },
                      [](const std::string& text) { return ParseMatrix(text); }))
      .def("__str__", [](const Matrix& a) { return FormatMatrix(a); })
      .def("__repr__", [](const Matrix& a) { return "seki.Matrix('" + FormatMatrix(a) + "')"; })
      .def("__hash__", [](const Matrix& a) { return MatrixHash{}(a); })
      .def(py::self == py::self)
      .def(py::self != py::self)
      .def("transpose", &Matrix::transposed)
      .def(
          "canonical", [](const Matrix& a) { return canon::CanonicalForm(a); },
          "The canonical form up to row/column permutation.")
      .def(
          "isomorphic",
          [](const Matrix& a, const py::object& b) {
            const Matrix other = MakeMatrix(b);
            return a.rows() == other.rows() && a.cols() == other.cols() &&
                   canon::CanonicalForm(a) == canon::CanonicalForm(other);
          },
          py::arg("other"), "Equal up to a permutation of rows and columns.")
      .def("is_idsm", &IsIdsm)
      .def("is_prime", &IsPrime)
      .def("prime_blocks", &PrimeBlocks)
      .def("is_planar", &IsPlanar)
      .def("is_symmetric", &IsSymmetric)
      .def("is_starting_position",
           [](const Matrix& a) { return StartingPositionProblem(a).empty(); })
      .def(
          "extend_e1",
          [](const Matrix& a, int i, int j) { return Extended(a, i, j, Extension::kE1); },
          py::arg("i"), py::arg("j"), "The E1 extension at entry (i, j), numbered from 1.")
      .def(
          "extend_e2",
          [](const Matrix& a, int i, int j) { return Extended(a, i, j, Extension::kE2); },
          py::arg("i"), py::arg("j"), "The E2 extension at entry (i, j), numbered from 1.");
  py::implicitly_convertible<py::str, Matrix>();

  m.def("svg", &GoPictureSvg, py::arg("matrix"),
        "The matrix's GO picture as an SVG document (engine/structure/go_picture.hpp).");
  m.def(
      "go_picture",
      [](const Matrix& a) {
        const GoPicture p = LayOutGoPicture(a);
        const auto xy = [](const PicturePoint& q) { return py::make_tuple(q.x, q.y); };
        py::list rows, cols, liberties;
        for (const auto& q : p.rows) rows.append(xy(q));
        for (const auto& q : p.cols) cols.append(xy(q));
        for (const auto& l : p.liberties) liberties.append(py::make_tuple(l.row, l.col, xy(l.at)));
        py::dict d;
        d["planar"] = p.planar, d["rows"] = rows, d["cols"] = cols, d["liberties"] = liberties;
        d["width"] = p.width, d["height"] = p.height;
        return d;
      },
      py::arg("matrix"), "The layout of the GO picture: coordinates of stones and liberties.");

  const auto family = [](const char* letter) {
    return [letter](int n) { return Family(letter, n).member.matrix; };
  };
  m.def("A", family("A"), py::arg("n"), "A^n (n = 2..8): 22/22, then E1 at (1,1).");
  m.def("B", family("B"), py::arg("n"), "B^n (n = 2..8): 32/23, then E2 at (1,1).");
  m.def("C", family("C"), py::arg("k"), "The 2-cycle C_k (k = 3..8).");
}

}  // namespace seki::python
