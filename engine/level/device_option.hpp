// The text of a level engine's Device as the `--device` option (and Python's `device=`) takes it.
// Concurrency: pure functions.
#pragma once

#include <string>

#include "engine/base/input_error.hpp"
#include "engine/level/level_engine.hpp"

namespace seki {

// The device named `name` ("cpu", "gpu" or "thrust-cpu", DeviceName's); throws InputError at
// `where` (the option that named it, "--device" for the CLI and Python alike) for any other name.
inline Device ParseDevice(const std::string& name, const std::string& where) {
  for (Device d : {Device::kCpu, Device::kGpu, Device::kThrustCpu})
    if (name == DeviceName(d)) return d;
  throw InputError(where, "must be cpu, gpu or thrust-cpu, not '" + name + "'");
}

}  // namespace seki
