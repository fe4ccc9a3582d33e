"""The `pbem` console script."""
