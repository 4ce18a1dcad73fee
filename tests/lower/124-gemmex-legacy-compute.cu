// cublasGemmEx and cublasGemmStridedBatchedEx with the compute type spelt
// as before CUDA 11, a cudaDataType (CUDA_R_32F, CUDA_R_64F), which
// cuBLAS's C++ header still accepts.
#include <cstdio>
#include <cublas_v2.h>

int main()
{
	cublasHandle_t h;
	cublasCreate(&h);
	float hA[4] = {1, 2, 3, 4}, hB[4] = {-1, 1, 3, 5}, hC[4];
	double dA[8], dB[8], dC[8];
	for (int i = 0; i < 8; i++) {
		dA[i] = 0.5 * i - 1;
		dB[i] = 2.0 - 0.25 * i;
	}
	float *A, *B, *C;
	double *A2, *B2, *C2;
	cudaMalloc(&A, sizeof hA);
	cudaMalloc(&B, sizeof hB);
	cudaMalloc(&C, sizeof hC);
	cudaMalloc(&A2, sizeof dA);
	cudaMalloc(&B2, sizeof dB);
	cudaMalloc(&C2, sizeof dC);
	cudaMemcpy(A, hA, sizeof hA, cudaMemcpyHostToDevice);
	cudaMemcpy(B, hB, sizeof hB, cudaMemcpyHostToDevice);
	cudaMemcpy(A2, dA, sizeof dA, cudaMemcpyHostToDevice);
	cudaMemcpy(B2, dB, sizeof dB, cudaMemcpyHostToDevice);
	float al = 1.5f, be = 0;
	double al2 = 2.0, be2 = 0;
	int bad = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &al, A, CUDA_R_32F, 2, B, CUDA_R_32F, 2, &be, C,
	                       CUDA_R_32F, 2, CUDA_R_32F, CUBLAS_GEMM_DEFAULT) != CUBLAS_STATUS_SUCCESS;
	bad += cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_T, 2, 2, 2, &al2, A2, CUDA_R_64F, 2, 4, B2,
	                                  CUDA_R_64F, 2, 4, &be2, C2, CUDA_R_64F, 2, 4, 2, CUDA_R_64F,
	                                  CUBLAS_GEMM_DEFAULT) != CUBLAS_STATUS_SUCCESS;
	cudaMemcpy(hC, C, sizeof hC, cudaMemcpyDeviceToHost);
	cudaMemcpy(dC, C2, sizeof dC, cudaMemcpyDeviceToHost);
	double sum = 0;
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 2; i++) {
			float r = 0;
			for (int p = 0; p < 2; p++)
				r += hA[p * 2 + i] * hB[j * 2 + p];
			bad += hC[j * 2 + i] != 1.5f * r;
			sum += hC[j * 2 + i];
			for (int b = 0; b < 2; b++) {
				double q = 0;
				for (int p = 0; p < 2; p++)
					q += dA[4 * b + p * 2 + i] * dB[4 * b + p * 2 + j];
				bad += dC[4 * b + j * 2 + i] != 2.0 * q;
				sum += dC[4 * b + j * 2 + i];
			}
		}
	printf("RESULT sum=%.3f bad=%d\n", sum, bad);
	cublasDestroy(h);
	return 0;
}
