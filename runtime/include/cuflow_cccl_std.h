/* cuflow_cccl_std.h: the C++ standard headers that CUDA's own cub and thrust
 * (CCCL, through libcu++) include on the way. Programs that use std::chrono,
 * std::cout or std::map after including only a cub or thrust header build
 * with nvcc; cuflow's cub and thrust on its OpenMP system include this so
 * they parse and build lowered too (the list: `nvcc -E` of <cub/cub.cuh>
 * and <thrust/device_vector.h> with CUDA 13). */
#ifndef CUFLOW_CCCL_STD_H
#define CUFLOW_CCCL_STD_H

#include <array>
#include <atomic>
#include <chrono>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#endif
