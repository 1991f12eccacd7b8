# Finds what the Python module (python/) needs: a Python 3 interpreter that imports NumPy,
# its headers, and pybind11 (Debian: python3-numpy, python3-dev, pybind11-dev).
# Sets RECONBOUND_PYTHON_FOUND. The interpreter is the first `python3` on PATH that imports
# NumPy (a version manager's shim without NumPy is skipped); -DPython3_EXECUTABLE=... chooses
# another. The module, its tests and its examples all use this interpreter.

function(reconbound_python_has_numpy result candidate)
  execute_process(COMMAND "${candidate}" -c "import numpy"
    RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET TIMEOUT 60)
  if(NOT status EQUAL 0)
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

set(RECONBOUND_PYTHON_FOUND FALSE)
if(NOT Python3_EXECUTABLE)
  find_program(RECONBOUND_PYTHON3 NAMES python3 NAMES_PER_DIR
    VALIDATOR reconbound_python_has_numpy DOC "Python 3 interpreter with NumPy")
  if(RECONBOUND_PYTHON3)
    set(Python3_EXECUTABLE "${RECONBOUND_PYTHON3}")
  endif()
endif()
find_package(Python3 3.9 QUIET COMPONENTS Interpreter Development.Module NumPy)
if(Python3_FOUND AND Python3_NumPy_FOUND)
  find_package(pybind11 2.6 CONFIG QUIET)
  if(pybind11_FOUND)
    set(RECONBOUND_PYTHON_FOUND TRUE)
  endif()
endif()

if(RECONBOUND_PYTHON_FOUND)
  message(STATUS "Python module: ${Python3_EXECUTABLE} (Python ${Python3_VERSION}, pybind11 ${pybind11_VERSION})")
else()
  message(STATUS "Python module: not built (needs pybind11-dev, python3-dev and python3-numpy)")
endif()
