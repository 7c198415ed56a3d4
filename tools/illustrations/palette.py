# The colours and font of the services and pages pictures (the solution scenes take BLUE and RED
# from here too). A colour changed here changes every picture that uses it.

FONT = "'Noto Sans CJK SC','Liberation Sans',sans-serif"

BLUE = '#1f6feb'
BLUE_L = '#8db7f5'
BLUE_XL = '#dce8fc'
TEAL = '#14b8a6'
TEAL_D = '#0e9384'
TEAL_L = '#a7e3da'
ORANGE = '#f59e0b'
CORAL = '#f26b5b'
RED = '#ef4444'
GREEN = '#22c55e'
PINK = '#f472b6'
INK = '#1e2b45'
GRAY = '#8a97ab'
LINE = '#e3e9f2'
