#!/usr/bin/env python3
"""openssl-ige.py ALG - a CAVP-layout known-answer file for ALG (aes-128-ige,
aes-192-ige or aes-256-ige) from the AES_ige_encrypt of the system's libcrypto,
which `openssl enc` does not offer: random keys, 32-byte IVs and messages of
several lengths, as [ENCRYPT] records and again as [DECRYPT] records, on standard
output (scripts/kat-openssl.sh runs `cryptobench kat -alg ALG` on it)."""
import ctypes
import ctypes.util
import os
import sys


class AesKey(ctypes.Structure):
    """OpenSSL's AES_KEY: 60 round-key words and the round count."""
    _fields_ = [("rd_key", ctypes.c_uint32 * 60), ("rounds", ctypes.c_int)]


def main():
    alg = sys.argv[1]
    bits = int(alg.split("-")[1])
    name = ctypes.util.find_library("crypto")
    if not name:
        sys.exit("openssl-ige.py: no libcrypto found")
    lib = ctypes.CDLL(name)
    lib.AES_ige_encrypt.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                                    ctypes.POINTER(AesKey), ctypes.c_char_p, ctypes.c_int]
    records = []
    for length in (16, 32, 48, 64, 160, 1024, 4096):
        key, iv, msg = os.urandom(bits // 8), os.urandom(32), os.urandom(length)
        schedule = AesKey()
        if lib.AES_set_encrypt_key(key, bits, ctypes.byref(schedule)) != 0:
            sys.exit("openssl-ige.py: AES_set_encrypt_key refused the key")
        out = ctypes.create_string_buffer(length)
        ivec = ctypes.create_string_buffer(iv, 32)
        lib.AES_ige_encrypt(msg, out, length, ctypes.byref(schedule), ivec, 1)
        records.append((key, iv, msg, out.raw))
    for section in ("ENCRYPT", "DECRYPT"):
        print("[%s]\n" % section)
        for count, (key, iv, msg, ct) in enumerate(records):
            print("COUNT = %d\nKEY = %s\nIV = %s\nPLAINTEXT = %s\nCIPHERTEXT = %s\n"
                  % (count, key.hex(), iv.hex(), msg.hex(), ct.hex()))


if __name__ == "__main__":
    main()
