"""The add-on's conversions, plain Python (no bpy): testable outside Blender.

Coordinates (stated once; bindings/blender/README.md):

* Virtools is left-handed, y up, with row vectors (p' = p M, row 3 = position).
  Blender is right-handed, z up, with column vectors. A Virtools point
  (x, y, z) is the Blender point (x, z, y): swapping y and z turns y-up into
  z-up and, being a reflection, left-handed into right-handed. A Virtools
  matrix M becomes the Blender matrix C M^T C, where C swaps rows and columns
  1 and 2 (C is its own inverse). Rotations stay rotations (det C M^T C = det M)
  and a scale (sx, sy, sz) becomes (sx, sz, sy).
* Asheron's Call is right-handed, z up, with column vectors, as Blender: a
  frame (origin, quaternion w, x, y, z) is Translation(origin) @ Rotation(q),
  unchanged.

Curves: a Virtools Hermite segment from point k to point k+1 is
H(s) = h1 P0 + h2 P1 + h3 T0 + h4 T1 (T0 = out tangent of k, T1 = in tangent
of k+1); the same cubic as the Bezier with control points P0, P0 + T0 / 3,
P1 - T1 / 3, P1 (exactly: both are the cubic with those end points and end
derivatives). Linear segments are straight lines (vector handles).
"""

SWAP = (0, 2, 1)  # the axis permutation C


def vt_point(p):
    """A Virtools point or vector (x, y, z) in Blender coordinates."""
    return (float(p[0]), float(p[2]), float(p[1]))


def vt_matrix(m):
    """A Virtools 4x4 matrix (row vectors; nested sequences or numpy) as the
    Blender 4x4 matrix (column vectors), as rows: C M^T C."""
    perm = (0, 2, 1, 3)
    # (C M^T C)[r][c] = M^T[perm r][perm c] = M[perm c][perm r]
    return [[float(m[perm[c]][perm[r]]) for c in range(4)] for r in range(4)]


def hermite_to_bezier(p0, t0, p1, t1):
    """The Bezier control points of the Hermite segment (p0, t0, p1, t1)."""
    h0 = tuple(p0[i] + t0[i] / 3.0 for i in range(3))
    h1 = tuple(p1[i] - t1[i] / 3.0 for i in range(3))
    return tuple(p0), h0, h1, tuple(p1)


def bezier_point(b0, b1, b2, b3, t):
    """The cubic Bezier at t (for the tests)."""
    u = 1.0 - t
    return tuple(u * u * u * b0[i] + 3 * u * u * t * b1[i] + 3 * u * t * t * b2[i] + t * t * t * b3[i]
                 for i in range(3))


def hermite_point(p0, t0, p1, t1, s):
    """CKCurve's Hermite H(s) (for the tests)."""
    s2 = s * s
    s3 = s2 * s
    h1, h2, h3, h4 = 2 * s3 - 3 * s2 + 1, -2 * s3 + 3 * s2, s3 - 2 * s2 + s, s3 - s2
    return tuple(p0[i] * h1 + p1[i] * h2 + t0[i] * h3 + t1[i] * h4 for i in range(3))


def curve_segments(knots, is_open):
    """The segments of a curve from Curve.knots(): a list of (k, k_next, linear)."""
    n = len(knots["pos"])
    last = n - 1 if is_open else n
    return [(k, (k + 1) % n, bool(knots["linear"][k])) for k in range(last)]


def ac_frame_matrix(f):
    """An AC frame (origin x, y, z, quaternion w, x, y, z) as a 4x4 matrix in rows."""
    ox, oy, oz, w, x, y, z = (float(v) for v in f)
    n = w * w + x * x + y * y + z * z
    s = 2.0 / n if n > 0 else 0.0
    return [
        [1 - s * (y * y + z * z), s * (x * y - w * z), s * (x * z + w * y), ox],
        [s * (x * y + w * z), 1 - s * (x * x + z * z), s * (y * z - w * x), oy],
        [s * (x * z - w * y), s * (y * z + w * x), 1 - s * (x * x + y * y), oz],
        [0.0, 0.0, 0.0, 1.0],
    ]


def controller_is_linear(keys, name):
    c = keys.get(name)
    return c is not None and c["interpolation"] == "linear"
