// `--lists`: the option and the default rule.
#include "engine/run/catalogue_lists.hpp"

#include "engine/base/input_error.hpp"

namespace seki {

ListsOption ParseListsOption(const std::string& text, const std::string& option) {
  if (text == "auto") return ListsOption::kAuto;
  if (text == "all") return ListsOption::kAll;
  if (text == "complete") return ListsOption::kComplete;
  throw InputError(option, "must be auto, all or complete, not '" + text + "'");
}

CatalogueLists ResolveLists(ListsOption option, std::uint64_t classes) {
  switch (option) {
    case ListsOption::kAll:
      return CatalogueLists::kAll;
    case ListsOption::kComplete:
      return CatalogueLists::kComplete;
    case ListsOption::kAuto:
      break;
  }
  return classes <= kListAllUpToClasses ? CatalogueLists::kAll : CatalogueLists::kComplete;
}

}  // namespace seki
