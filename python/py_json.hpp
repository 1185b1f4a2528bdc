// JSON documents of the libraries (nlohmann::json, ordered or not) as Python objects: objects
// become dicts (keys in the document's order), arrays lists, numbers int or float, null None.
// Concurrency: call with the GIL held.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

namespace seki::python {

template <class Json>
pybind11::object ToPython(const Json& j) {
  namespace py = pybind11;
  switch (j.type()) {
    case Json::value_t::null:
    case Json::value_t::discarded:
      return py::none();
    case Json::value_t::boolean:
      return py::bool_(j.template get<bool>());
    case Json::value_t::number_integer:
      return py::int_(j.template get<std::int64_t>());
    case Json::value_t::number_unsigned:
      return py::int_(j.template get<std::uint64_t>());
    case Json::value_t::number_float:
      return py::float_(j.template get<double>());
    case Json::value_t::string:
      return py::str(j.template get_ref<const std::string&>());
    case Json::value_t::array: {
      py::list out;
      for (const auto& item : j) out.append(ToPython(item));
      return out;
    }
    case Json::value_t::object: {
      py::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[py::str(it.key())] = ToPython(it.value());
      return out;
    }
    case Json::value_t::binary:
      break;
  }
  return py::none();
}

}  // namespace seki::python
