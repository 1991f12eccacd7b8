# Finds what the Python module (python/) needs: a Python 3 interpreter that imports NumPy,
# its headers, and pybind11 (Debian: python3-numpy, python3-dev, pybind11-dev), and says
# which interpreter it builds for and where the module installs (docs/installing.md).
#
# The interpreter: -DPython3_EXECUTABLE=<python> when given; else the first `python3` on PATH
# that imports NumPy (a version manager's shim without NumPy is skipped, and the configure
# output says so), remembered in the cache as RECONBOUND_PYTHON3. The module, its tests, its
# examples and the package's test all use this interpreter.
#
# The install folder, RECONBOUND_PYTHON_INSTALL_DIR (relative to the install prefix), is
# what the interpreter itself uses for a prefix: for Debian's python3 its own scheme,
# lib/python3/dist-packages (the folder of Debian's packages under /usr, which the .deb of
# cmake/ReconboundDebian.cmake uses); for any other interpreter lib/pythonX.Y/site-packages.
# -DRECONBOUND_PYTHON_INSTALL_DIR=<folder> chooses another.
#
# Sets RECONBOUND_PYTHON_FOUND, RECONBOUND_PYTHON_DEBIAN (the interpreter is Debian's
# system python3) and, where found, RECONBOUND_PYTHON_INSTALL_DIR.

function(reconbound_python_has_numpy result candidate)
  execute_process(COMMAND "${candidate}" -c "import numpy"
    RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET TIMEOUT 60)
  if(NOT status EQUAL 0)
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

set(RECONBOUND_PYTHON_FOUND FALSE)
set(RECONBOUND_PYTHON_DEBIAN FALSE)
if(Python3_EXECUTABLE)
  set(python_choice "given by -DPython3_EXECUTABLE")
else()
  find_program(RECONBOUND_PYTHON3 NAMES python3 NAMES_PER_DIR
    VALIDATOR reconbound_python_has_numpy DOC "Python 3 interpreter with NumPy")
  if(RECONBOUND_PYTHON3)
    set(Python3_EXECUTABLE "${RECONBOUND_PYTHON3}")
  endif()
  # Said at every configure: the python3 that a user runs may not be the one built for.
  find_program(python_on_path NAMES python3 NO_CACHE)
  if(NOT python_on_path)
    set(python_choice "no python3 on PATH")
  elseif(NOT RECONBOUND_PYTHON3)
    set(python_choice "no python3 on PATH imports NumPy; the first is ${python_on_path}")
  elseif(python_on_path STREQUAL RECONBOUND_PYTHON3)
    set(python_choice "the first python3 on PATH")
  else()
    set(on_path_has_numpy TRUE)
    reconbound_python_has_numpy(on_path_has_numpy "${python_on_path}")
    if(on_path_has_numpy)
      set(on_path_note "which imports NumPy")
    else()
      set(on_path_note "without NumPy")
    endif()
    string(CONCAT python_choice "NOT the python3 on PATH, ${python_on_path} (${on_path_note}), but the first "
      "python3 on PATH that imported NumPy at this tree's first configure (cache variable RECONBOUND_PYTHON3)")
  endif()
endif()

find_package(Python3 3.9 QUIET COMPONENTS Interpreter Development.Module NumPy)
if(Python3_FOUND AND Python3_NumPy_FOUND)
  find_package(pybind11 2.6 CONFIG QUIET)
  if(pybind11_FOUND)
    set(RECONBOUND_PYTHON_FOUND TRUE)
  else()
    set(python_missing "pybind11 (Debian: pybind11-dev)")
  endif()
elseif(NOT Python3_Interpreter_FOUND)
  set(python_missing "a Python 3.9 or later interpreter")
elseif(NOT Python3_NumPy_FOUND)
  set(python_missing "NumPy for ${Python3_EXECUTABLE} (Debian: python3-numpy)")
else()
  set(python_missing "the headers of ${Python3_EXECUTABLE} (Debian: python3-dev)")
endif()

if(NOT RECONBOUND_PYTHON_FOUND)
  # Asked for by name and unusable: worth more than a status line.
  if(DEFINED CACHE{Python3_EXECUTABLE})
    message(WARNING "Python module: not built: it needs ${python_missing}; "
      "-DPython3_EXECUTABLE=${Python3_EXECUTABLE} was given")
  else()
    message(STATUS "Python module: not built: it needs ${python_missing} "
      "(pybind11-dev, python3-dev and python3-numpy; ${python_choice})")
  endif()
  return()
endif()

# The interpreter's own folder for a prefix: Debian's scheme deb_system (lib/python3/dist-packages)
# for Debian's system python3, outside a virtual environment; posix_prefix otherwise.
execute_process(COMMAND "${Python3_EXECUTABLE}" -c [=[
import os, sys, sysconfig
debian = "deb_system" in sysconfig.get_scheme_names() and sys.prefix == sys.base_prefix
base = os.path.join(os.sep, "prefix")
folder = sysconfig.get_path("platlib", "deb_system" if debian else "posix_prefix", {"base": base, "platbase": base})
print("debian" if debian else "other", os.path.relpath(folder, base).replace(os.sep, "/"), sep=";", end="")
]=] OUTPUT_VARIABLE python_scheme RESULT_VARIABLE status ERROR_QUIET TIMEOUT 60)
if(status EQUAL 0 AND python_scheme MATCHES "^(debian|other);(.+)$")
  if(CMAKE_MATCH_1 STREQUAL "debian")
    set(RECONBOUND_PYTHON_DEBIAN TRUE)
    set(python_default_dir_note "Debian's python3")
  else()
    set(python_default_dir_note "the interpreter's prefix scheme")
  endif()
  set(python_default_dir "${CMAKE_MATCH_2}")
else()
  set(python_default_dir "lib/python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}/site-packages")
  set(python_default_dir_note "the interpreter gave no folder")
endif()

set(RECONBOUND_PYTHON_INSTALL_DIR "" CACHE STRING
  "Folder of the installed package reconbound/, relative to the install prefix (empty: the interpreter's, docs/installing.md)")
if(RECONBOUND_PYTHON_INSTALL_DIR STREQUAL "")
  # The effective folder, a normal variable that hides the empty cache entry in this tree.
  set(RECONBOUND_PYTHON_INSTALL_DIR "${python_default_dir}")
else()
  set(python_default_dir_note "-DRECONBOUND_PYTHON_INSTALL_DIR")
endif()

message(STATUS "Python module: for ${Python3_EXECUTABLE} (Python ${Python3_VERSION}, NumPy ${Python3_NumPy_VERSION}, "
  "pybind11 ${pybind11_VERSION}): ${python_choice}; -DPython3_EXECUTABLE=<python> chooses another")
message(STATUS "Python module: installs into <prefix>/${RECONBOUND_PYTHON_INSTALL_DIR}/reconbound (${python_default_dir_note})")
