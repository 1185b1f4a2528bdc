#include "apps/show_command.hpp"

#include <fmt/format.h>

#include <cctype>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "apps/cli_error.hpp"
#include "apps/matrix_input.hpp"
#include "apps/solve_format.hpp"
#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/solve/solver.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "engine/structure/planarity.hpp"

namespace seki::cli {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kMatrixSyntax =
    "Matrix syntax: rows separated by '/'; a row is one digit per entry (033/303/330) or "
    "comma-separated integers 0..255 (3,10,0/0,3,3). At most 8 rows and 8 columns; every row and "
    "column needs a positive entry. Rows and columns are numbered from 1.";

std::string Sums(const Matrix& a, bool rows) {
  std::string out;
  const int n = rows ? a.rows() : a.cols();
  for (int k = 0; k < n; ++k)
    out += (k ? "," : "") + std::to_string(rows ? a.row_sum(k) : a.col_sum(k));
  return out;
}

// Refuses a matrix whose reachable positions surely exceed what the solver may hold, then solves
// it with the shared solver (starting over once with an empty memo when earlier matrices filled
// it).
Solution SolveChecked(std::unique_ptr<Solver>& solver, const Matrix& a, const std::string& where) {
  const double bound = ReachableClassesLowerBound(a);
  const auto max_positions = static_cast<double>(DefaultMaxPositions());
  if (bound > max_positions)
    throw CliError(where, fmt::format("too large to solve: at least {:.3g} positions are "
                                      "reachable, the solver holds at most {:.3g}",
                                      bound, max_positions));
  for (;;) {
    const bool fresh = solver->positions() == 0;
    try {
      return solver->Solve(a);
    } catch (const SolveTooLarge& e) {
      if (fresh) throw CliError(where, std::string("too large to solve: ") + e.what());
    }
    solver = std::make_unique<Solver>();
  }
}

std::string GameLine(Game g, const Outcome& o) {
  return fmt::format("R={} C={} r={} c={}  {}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c),
                     ClassLabel(g, o.seki_class()));
}

Json GameJson(const Outcome& o) {
  return {{"R", std::string(1, Letter(o.R))},
          {"C", std::string(1, Letter(o.C))},
          {"r", std::string(1, Letter(o.r))},
          {"c", std::string(1, Letter(o.c))},
          {"class", std::string(ClassName(o.seki_class()))}};
}

void AddGames(Json& j, const Solution& v) {
  for (Game g : kGames) j[std::string(GameName(g))] = GameJson(v[g]);
}

std::string GamesText(const Solution& v, const std::string& indent) {
  return fmt::format("{}{:<10} {}\n{}{:<10} {}\n", indent, "SEKI", GameLine(Game::kSeki, v.seki),
                     indent, "D-SEKI", GameLine(Game::kDSeki, v.dseki));
}

// ---------------------------------------------------------------------------------------------
// show

std::string ShowText(const Matrix& a, const Solution& v) {
  const std::vector<Matrix> blocks = PrimeBlocks(a);
  const bool idsm = IsIdsm(a);
  std::string out = FormatMatrix(a) + '\n';
  auto field = [&](const std::string& name, const std::string& value) {
    out += fmt::format("  {:<10} {}\n", name, value);
  };
  field("shape", fmt::format("{}x{}, sum {}, height {}", a.rows(), a.cols(), a.sum(), a.height()));
  field("canonical", FormatMatrix(canon::CanonicalForm(a)) + "  (up to row/column permutation)");
  field("transpose", FormatMatrix(a.transposed()));
  field("IDSM",
        idsm ? fmt::format("yes, line sum {}", a.row_sum(0))
             : fmt::format("no (row sums {}; column sums {})", Sums(a, true), Sums(a, false)));
  if (blocks.size() == 1) {
    field("prime", "yes");
  } else {
    std::string list;
    for (std::size_t k = 0; k < blocks.size(); ++k)
      list += (k ? " + " : "") + FormatMatrix(blocks[k]);
    field("prime", fmt::format("no, direct sum of {} prime blocks: {}", blocks.size(), list));
  }
  field("symmetric", IsSymmetric(a) ? "yes (isomorphic to its transpose)" : "no");
  field("planar", IsPlanar(a) ? "yes (graph of positive entries is planar)"
                              : "no (graph of positive entries is not planar)");
  out += GamesText(v, "  ");
  return out;
}

Json ShowJson(const Matrix& a, const Solution& v) {
  const bool idsm = IsIdsm(a);
  Json row_sums = Json::array(), col_sums = Json::array(), blocks = Json::array();
  for (int i = 0; i < a.rows(); ++i) row_sums.push_back(a.row_sum(i));
  for (int j = 0; j < a.cols(); ++j) col_sums.push_back(a.col_sum(j));
  for (const Matrix& b : PrimeBlocks(a)) blocks.push_back(FormatMatrix(b));
  Json j = {{"matrix", FormatMatrix(a)},
            {"rows", a.rows()},
            {"cols", a.cols()},
            {"sum", a.sum()},
            {"height", a.height()},
            {"canonical", FormatMatrix(canon::CanonicalForm(a))},
            {"transpose", FormatMatrix(a.transposed())},
            {"idsm", idsm},
            {"line_sum", idsm ? Json(a.row_sum(0)) : Json(nullptr)},
            {"row_sums", row_sums},
            {"col_sums", col_sums},
            {"prime", blocks.size() == 1},
            {"blocks", blocks},
            {"symmetric", IsSymmetric(a)},
            {"planar", IsPlanar(a)}};
  AddGames(j, v);
  return j;
}

// ---------------------------------------------------------------------------------------------
// extend

Extension ParseKind(const std::string& text) {
  std::string k;
  for (char ch : text) k += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  if (k == "E1" || k == "1") return Extension::kE1;
  if (k == "E2" || k == "2") return Extension::kE2;
  throw CliError("--kind", "'" + text + "' is not E1 or E2");
}

// "I,J" (1-based) -> 0-based (i, j) inside a.
std::pair<int, int> ParseAt(const std::string& text, const Matrix& a) {
  int i = 0, j = 0;
  char comma = 0;
  std::size_t used = 0;
  bool ok = false;
  try {
    const std::size_t c = text.find(',');
    if (c != std::string::npos) {
      const std::string left = text.substr(0, c), right = text.substr(c + 1);
      i = std::stoi(left, &used);
      ok = used == left.size();
      j = std::stoi(right, &used);
      ok = ok && used == right.size();
      comma = ',';
    }
  } catch (const std::exception&) {
    ok = false;
  }
  if (!ok || comma != ',')
    throw CliError("--at", "'" + text + "' is not I,J (row and column numbered from 1)");
  if (i < 1 || i > a.rows() || j < 1 || j > a.cols())
    throw CliError("--at",
                   fmt::format("({},{}) is outside the {}x{} matrix", i, j, a.rows(), a.cols()));
  return {i - 1, j - 1};
}

struct ExtensionResult {
  int i = 0, j = 0;  // 0-based
  std::optional<Matrix> matrix;
  Solution value;
};

std::string KindName(Extension kind) { return kind == Extension::kE1 ? "E1" : "E2"; }

std::string UndefinedReason(const Matrix& a, int i, int j, Extension kind) {
  return fmt::format("undefined: A({},{}) = {} is below {}", i + 1, j + 1, a(i, j),
                     static_cast<int>(kind));
}

// ---------------------------------------------------------------------------------------------
// family

Matrix FamilyMember(const std::string& family, int n, std::string& name) {
  if (family == "A" || family == "a") {
    if (n < 2 || n > kMaxDim) throw CliError("--n", "A^n needs n in 2..8");
    name = "A^" + std::to_string(n);
    return SequenceA(n);
  }
  if (family == "B" || family == "b") {
    if (n < 2 || n > kMaxDim) throw CliError("--n", "B^n needs n in 2..8");
    name = "B^" + std::to_string(n);
    return SequenceB(n);
  }
  if (family == "C" || family == "c") {
    if (n < 3 || n > kMaxDim) throw CliError("--n", "the 2-cycle C_N needs N in 3..8");
    name = "C_" + std::to_string(n);
    return TwoCycle(n);
  }
  throw CliError("family", "'" + family + "' is not A, B or C");
}

}  // namespace

void RunShow(const ShowOptions& options) {
  const std::vector<MatrixInput> inputs =
      ReadStartingPositions(options.matrices, options.input_file);
  const auto max_positions = static_cast<double>(DefaultMaxPositions());
  for (const MatrixInput& input : inputs)  // refuse hopeless positions before printing anything
    if (ReachableClassesLowerBound(input.matrix) > max_positions)
      throw CliError(input.where, "too large to solve");
  auto solver = std::make_unique<Solver>();
  const bool json = options.format == "json";
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const Solution v = SolveChecked(solver, inputs[k].matrix, inputs[k].where);
    if (json)
      std::cout << ShowJson(inputs[k].matrix, v).dump() << '\n';
    else
      std::cout << (k > 0 ? "\n" : "") << ShowText(inputs[k].matrix, v);
    std::cout.flush();
  }
}

void RunExtend(const ExtendOptions& options) {
  const std::vector<MatrixInput> inputs = ReadStartingPositions({options.matrix}, "");
  if (inputs.size() != 1)
    throw CliError(options.matrix, "extend takes one matrix, got " + std::to_string(inputs.size()));
  const MatrixInput& input = inputs.front();
  const Matrix& a = input.matrix;
  const Extension kind = ParseKind(options.kind);
  if (options.all == !options.at.empty())
    throw CliError("extend", "give exactly one of --at I,J and --all");
  if (a.rows() >= kMaxDim || a.cols() >= kMaxDim)
    throw CliError(input.where, fmt::format("{}x{}: an extension would have {} rows and {} "
                                            "columns (at most 8 each)",
                                            a.rows(), a.cols(), a.rows() + 1, a.cols() + 1));

  std::vector<ExtensionResult> results;
  if (options.all) {
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j)
        if (a(i, j) > 0) results.push_back({i, j, Extend(a, i, j, kind), {}});
  } else {
    const auto [i, j] = ParseAt(options.at, a);
    if (a(i, j) == 0)
      throw CliError("--at", fmt::format("A({},{}) = 0: extensions are taken at positive entries",
                                         i + 1, j + 1));
    std::optional<Matrix> e = Extend(a, i, j, kind);
    if (!e)
      throw CliError("--at", KindName(kind) + " at " + fmt::format("({},{}) is ", i + 1, j + 1) +
                                 UndefinedReason(a, i, j, kind));
    results.push_back({i, j, e, {}});
  }
  auto solver = std::make_unique<Solver>();
  for (ExtensionResult& r : results)
    if (r.matrix) r.value = SolveChecked(solver, *r.matrix, FormatMatrix(*r.matrix));

  if (options.format == "json") {
    Json list = Json::array();
    for (const ExtensionResult& r : results) {
      Json j = {{"at", {r.i + 1, r.j + 1}}, {"defined", r.matrix.has_value()}};
      if (r.matrix) {
        j["matrix"] = FormatMatrix(*r.matrix);
        j["idsm"] = IsIdsm(*r.matrix);
        j["prime"] = IsPrime(*r.matrix);
        AddGames(j, r.value);
      } else {
        j["reason"] = UndefinedReason(a, r.i, r.j, kind);
      }
      list.push_back(std::move(j));
    }
    const Json out = {{"matrix", FormatMatrix(a)}, {"kind", KindName(kind)}, {"extensions", list}};
    std::cout << out.dump() << '\n';
    return;
  }
  std::cout << fmt::format(
      "{}  {}x{}; {} extensions (new first row and column: E(0,0) = 3, E(0,j) = E(i,0) = {}, "
      "A(i,j) lowered by {})\n",
      FormatMatrix(a), a.rows(), a.cols(), KindName(kind), static_cast<int>(kind),
      static_cast<int>(kind));
  for (const ExtensionResult& r : results) {
    if (!r.matrix) {
      std::cout << fmt::format("  at ({},{}): {}\n", r.i + 1, r.j + 1,
                               UndefinedReason(a, r.i, r.j, kind));
      continue;
    }
    std::cout << fmt::format(
        "  at ({},{}): {}  {}x{}, sum {}{}\n", r.i + 1, r.j + 1, FormatMatrix(*r.matrix),
        r.matrix->rows(), r.matrix->cols(), r.matrix->sum(),
        IsIdsm(*r.matrix) ? fmt::format(", IDSM line sum {}", r.matrix->row_sum(0)) : "");
    std::cout << GamesText(r.value, "    ");
  }
}

void RunFamily(const FamilyOptions& options) {
  std::string name;
  const Matrix m = FamilyMember(options.family, options.n, name);
  const bool json = options.format == "json";
  const std::string structure =
      fmt::format("{}x{}, sum {}, height {}, {}, {}", m.rows(), m.cols(), m.sum(), m.height(),
                  IsIdsm(m) ? fmt::format("IDSM line sum {}", m.row_sum(0)) : "not an IDSM",
                  IsPrime(m) ? "prime" : "not prime");
  if (!json) {
    std::cout << name << " = " << FormatMatrix(m) << "  " << structure << '\n';
    std::cout.flush();  // the larger members take a while to solve
  }
  std::optional<Solution> v;
  if (options.solve) {
    auto solver = std::make_unique<Solver>();
    v = SolveChecked(solver, m, name);
  }
  if (json) {
    Json j = {{"family", name.substr(0, 1)},
              {"n", options.n},
              {"name", name},
              {"matrix", FormatMatrix(m)},
              {"rows", m.rows()},
              {"cols", m.cols()},
              {"sum", m.sum()},
              {"height", m.height()},
              {"idsm", IsIdsm(m)},
              {"line_sum", IsIdsm(m) ? Json(m.row_sum(0)) : Json(nullptr)},
              {"prime", IsPrime(m)},
              {"symmetric", IsSymmetric(m)},
              {"planar", IsPlanar(m)}};
    if (v) AddGames(j, *v);
    std::cout << j.dump() << '\n';
  } else if (v) {
    std::cout << GamesText(*v, "  ");
  }
}

void AddShowCommand(CLI::App& app) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* sub = app.add_subcommand(
      "show",
      "Matrix facts: shape, sum, height, canonical form, transpose, IDSM, prime blocks, symmetry, "
      "planarity, and both games' values and classes");
  AddMatrixInputOptions(sub, options->matrices, options->input_file, options->format);
  sub->footer(std::string(kMatrixSyntax) +
              "\nJSON: one object per matrix per line with keys matrix, rows, cols, sum, height, "
              "canonical, transpose, idsm, line_sum, row_sums, col_sums, prime, blocks, "
              "symmetric, planar, seki, dseki.");
  sub->callback([options] { RunShow(*options); });
}

void AddExtendCommand(CLI::App& app) {
  auto options = std::make_shared<ExtendOptions>();
  CLI::App* sub = app.add_subcommand(
      "extend",
      "The paper's E1 / E2 extension of a matrix at one positive entry (--at I,J) or at each "
      "(--all), with the classes of both games");
  sub->add_option("matrix", options->matrix, "The matrix, e.g. 033/331/312")->required();
  sub->add_option("--at", options->at, "Entry I,J (row, column, numbered from 1)")
      ->type_name("I,J");
  sub->add_flag("--all", options->all, "Every positive entry");
  sub->add_option("--kind", options->kind,
                  "E1: the (3,1,1,-1)-extension; E2: the (3,2,2,-2)-extension")
      ->default_str("E1");
  sub->add_option("-f,--format", options->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  sub->footer(std::string(kMatrixSyntax) +
              "\nAn extension adds a new first row and column with E(0,0) = 3, puts k in the new "
              "row at column J and in the new column at row I, and lowers A(I,J) by k (k = 1 for "
              "E1, 2 for E2); it is undefined where A(I,J) < k.");
  sub->callback([options] { RunExtend(*options); });
}

void AddFamilyCommand(CLI::App& app) {
  auto options = std::make_shared<FamilyOptions>();
  CLI::App* sub = app.add_subcommand(
      "family",
      "A member of the paper's infinite families: A^n (E1 from 22/22), B^n (E2 from 32/23) or "
      "the 2-cycle C_N, with its classes");
  sub->add_option("family", options->family, "A, B or C")->required();
  sub->add_option("-n,--n", options->n, "n (A, B: 2..8; C: 3..8)")->required();
  sub->add_flag("!--no-solve", options->solve, "Print the matrix only, without solving");
  sub->add_option("-f,--format", options->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  sub->footer(
      "A^n, B^n (n >= 3): each the extension of the previous one at (1,1). Solving takes "
      "seconds up to n = 6 (B^6: about 10 s) and grows about 20-fold per step.");
  sub->callback([options] { RunFamily(*options); });
}

}  // namespace seki::cli
