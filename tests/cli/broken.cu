int main() { cudaDeviceSynchronize(); return 0 +; }
