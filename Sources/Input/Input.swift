import Core
