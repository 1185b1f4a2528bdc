# The layers of docs/architecture.md, checked on every source file: a file may include headers of
# its own layer and of the layers below it, never above. nauty is included only inside canon/, and
# mpi.h only inside engine/distributed/.
# Run by CTest: cmake -DSOURCE_DIR=<repo> -P tests/layering_test.cmake
#
#   layer (folder)       may include
#   engine/base          engine/base
#   canon, storage       engine/base and itself
#   engine/solve         base, canon, storage
#   engine/structure     base, canon, storage
#   engine/level         base, canon, storage, structure
#   engine/gpu           base, canon, storage, structure, level (the thrust level engine)
#   engine/run           base, canon, storage, structure, solve, level, gpu
#   engine/go            base, canon, storage, structure, solve (GO positions; below research)
#   engine/readback      base, canon, storage, structure, solve, level, gpu (beside run: reads a
#                        finished run's files and includes nothing of engine/run)
#   engine/cost          base … gpu, run (the cost models of `seki plan`)
#   engine/describe      base … gpu, run, go (one matrix described; research layer 5a)
#   engine/census        base … gpu, run, readback (censuses of seki; 5a)
#   engine/reproduction  base … gpu, run (the paper's claims; 5a)
#   engine/check         base … gpu, run, readback, census (the conjecture checks; 5b)
#   engine/report        base … gpu, run, readback, go, describe, census, check (the HTML page; 5c)
#   engine/distributed   base … gpu, run (beside research and cost)
#   apps                 everything of ours except tests/, bench/ and python/
#   python               everything of ours except tests/, bench/, apps/ and engine/distributed
set(allowed_engine/base "engine/base")
set(allowed_canon "engine/base;canon")
set(allowed_storage "engine/base;storage")
set(allowed_engine/solve "engine/base;canon;storage;engine/solve")
set(allowed_engine/structure "engine/base;canon;storage;engine/structure")
set(allowed_engine/level "engine/base;canon;storage;engine/structure;engine/level")
set(allowed_engine/gpu "engine/base;canon;storage;engine/structure;engine/level;engine/gpu")
set(below_run "engine/base;canon;storage;engine/structure;engine/solve;engine/level;engine/gpu")
set(allowed_engine/run "${below_run};engine/run")
set(allowed_engine/readback "${below_run};engine/readback")
set(allowed_engine/cost "${allowed_engine/run};engine/cost")
set(allowed_engine/go "engine/base;canon;storage;engine/structure;engine/solve;engine/go")
set(allowed_engine/describe "${allowed_engine/run};engine/go;engine/describe")
set(allowed_engine/census "${allowed_engine/run};engine/readback;engine/census")
set(allowed_engine/reproduction "${allowed_engine/run};engine/reproduction")
set(allowed_engine/check "${allowed_engine/run};engine/readback;engine/census;engine/check")
set(research
    "${allowed_engine/run};engine/readback;engine/go;engine/describe;engine/census;engine/check")
set(allowed_engine/report "${research};engine/report")
list(APPEND research engine/report engine/reproduction)
set(allowed_engine/distributed "${allowed_engine/run};engine/distributed")
set(allowed_apps
    "${research};engine/cost;engine/distributed;apps")
set(allowed_python "${research};engine/cost;python")
set(layers engine/base canon storage engine/solve engine/structure engine/level engine/gpu
           engine/run engine/readback engine/go engine/cost engine/describe engine/census engine/reproduction
           engine/check engine/report engine/distributed apps python)

set(violations "")
set(checked 0)
foreach(layer IN LISTS layers)
  file(GLOB_RECURSE sources RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${layer}/*.hpp"
       "${SOURCE_DIR}/${layer}/*.cpp" "${SOURCE_DIR}/${layer}/*.cu" "${SOURCE_DIR}/${layer}/*.cuh")
  foreach(source IN LISTS sources)
    math(EXPR checked "${checked} + 1")
    file(STRINGS "${SOURCE_DIR}/${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
    foreach(line IN LISTS includes)
      if(line MATCHES "nauty" AND NOT layer STREQUAL "canon")
        list(APPEND violations "${source}: includes nauty outside canon/: ${line}")
      endif()
      if(line MATCHES "[<\"]mpi\\.h[>\"]" AND NOT layer STREQUAL "engine/distributed")
        list(APPEND violations "${source}: includes mpi.h outside engine/distributed/: ${line}")
      endif()
      if(NOT line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
        continue()
      endif()
      set(header "${CMAKE_MATCH_1}")
      if(NOT header MATCHES "^(engine/[a-z_]+|canon|storage|apps|python|tests|bench)/")
        continue()  # a system or third-party header written with quotes
      endif()
      set(ok FALSE)
      foreach(lower IN LISTS allowed_${layer})
        string(LENGTH "${lower}/" n)
        string(SUBSTRING "${header}" 0 ${n} prefix)
        if(prefix STREQUAL "${lower}/")
          set(ok TRUE)
        endif()
      endforeach()
      if(NOT ok)
        list(APPEND violations "${source}: layer ${layer} includes ${header}, a layer above it")
      endif()
    endforeach()
  endforeach()
endforeach()

# Every engine/ source belongs to a layer folder.
file(GLOB stray RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/engine/*.hpp" "${SOURCE_DIR}/engine/*.cpp")
foreach(source IN LISTS stray)
  list(APPEND violations "${source}: not inside a layer folder of engine/")
endforeach()
# Every folder of engine/ is a layer of the table above (a new folder is placed in it explicitly).
file(GLOB folders LIST_DIRECTORIES true RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/engine/*")
foreach(folder IN LISTS folders)
  list(FIND layers "${folder}" index)
  if(IS_DIRECTORY "${SOURCE_DIR}/${folder}" AND index EQUAL -1)
    list(APPEND violations "${folder}: a folder of engine/ missing from the layer table")
  endif()
endforeach()

if(checked LESS 50)
  message(FATAL_ERROR "layering: only ${checked} files found under ${SOURCE_DIR}; wrong SOURCE_DIR?")
endif()
list(LENGTH violations n)
if(n GREATER 0)
  list(JOIN violations "\n" text)
  message(FATAL_ERROR "layering: ${n} include(s) climb up a layer:\n${text}")
endif()
message(STATUS "layering: ${checked} files, every include stays in its layer or below")
