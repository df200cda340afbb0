/*
 * kernels/check/vectors/vectors_drbg.c - known answers for the rand row's CTR_DRBG
 * (AES-256, derivation function, no prediction resistance): records of NIST CAVP's
 * DRBGVS response files (drbgtestvectors.zip, CTR_DRBG.rsp, section "[AES-256 use df]"
 * with "[PredictionResistance = False]", EntropyInputLen 256, NonceLen 128,
 * PersonalizationStringLen 0, COUNT = 0 of each group), as such records are quoted
 * with their intermediate values by public CTR_DRBG test programs:
 *   no-reseed file, AdditionalInputLen 0: instantiate, generate twice (512 bits
 *     each), ReturnedBits the second; Key and V after instantiation are checked too;
 *   no-reseed file, AdditionalInputLen 256: the same with additional input;
 *   reseed file (drbgvectors_pr_false), AdditionalInputLen 0, ReturnedBitsLen 128:
 *     instantiate, generate, reseed with EntropyInputReseed, generate.
 */
#include "kernels/check/vectors/vectors.h"

const cb_drbg_vector cb_vectors_drbg[] = {
    {.source = "CAVP CTR_DRBG.rsp [AES-256 use df] no reseed, AdditionalInputLen = 0, "
               "COUNT = 0",
     .entropy = "36401940fa8b1fba91a1661f211d78a0b9389a74e5bccfece8d766af1a6d3b14",
     .nonce = "496f25b0f1301b4f501be30380a137eb",
     .key = "3363d9000e6db47c16d3fc65f2872c08a35f99b2d174afa537a66ec153052d98",
     .v = "9ee8d2e9c618ccbb8e66b5eb5333dce1",
     .returned = "5862eb38bd558dd978a696e6df164782ddd887e7e9a6c9f3f1fbafb78941b535"
                 "a64912dfd224c6dc7454e5250b3d97165e16260c2faf1cc7735cb75fb4f07e1d"},
    {.source = "CAVP CTR_DRBG.rsp [AES-256 use df] no reseed, AdditionalInputLen = 256, "
               "COUNT = 0",
     .entropy = "8148d65d86513ce7d38923ec2f26b9e7c677dcc8997e325b7372619e753ed944",
     .nonce = "41c71a24d17d974190982bb7515ce7f5",
     .key = "fe96784a3968b04aca2079e4bc1b7674e59d0bcb9d1168fb26cacd830ffde509",
     .v = "24274380ee9aa72b730efae01987a16e",
     .adin1 = "55b446046c2d14bdd0cdba4b71873fd4762650695a11507949462da8d964ab6a",
     .adin2 = "91468f1a097d99ee339462ca916cb4a10f63d53850a4f17f598eac490299b02e",
     .returned = "54603d1a506132bbfa05b153a04f22a1d516cc46323cef15111af221f030f38d"
                 "6841d4670518b4914a4631af682e7421dffaac986a38e94d92bfa758e2eb101f"},
    {.source = "CAVP CTR_DRBG.rsp [AES-256 use df] with reseed, AdditionalInputLen = 0, "
               "COUNT = 0",
     .entropy = "5a194d5e2b31581454def675fb7958fec7db873e5689fc9d03217c68d8033820",
     .nonce = "1b54b8ff0642bff521f15c1c0b665f3f",
     .reseed = "f9e65e04d856f3a9c44a4cbdc1d00846f5983d771c1b137e4e0f9d8ef409f92e",
     .returned = "a054303d8a7ea9889d903e077c6f218f"},
    {.source = NULL},
};

const size_t cb_vectors_drbg_count = sizeof cb_vectors_drbg / sizeof cb_vectors_drbg[0] - 1;
